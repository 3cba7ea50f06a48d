package web_test

// The page's pure helpers for boards whose places stand closer than a
// cell (places.js) and for numbered dice (dice.js), run in the browser.

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestBrowserPlaces: targets are cut half-way between places closer than
// a cell along a column or a row, and keep their cell elsewhere; such a
// column is a stack, its places nearest first.
func TestBrowserPlaces(t *testing.T) {
	p := openPage(t, "#/")
	geo := map[string]any{"cell": 56, "cells": []map[string]any{
		// A column of three places 20 apart (a backgammon point).
		{"name": "p1", "x": 100, "y": 100}, {"name": "p2", "x": 100, "y": 120}, {"name": "p3", "x": 100, "y": 140},
		// The same column more than a cell further: another stack.
		{"name": "q1", "x": 100, "y": 220}, {"name": "q2", "x": 100, "y": 240},
		// Squares a cell apart, and a hexagon's neighbour half a cell across.
		{"name": "a1", "x": 300, "y": 100}, {"name": "b1", "x": 356, "y": 100}, {"name": "h", "x": 328, "y": 148.5},
		// A row of two places 30 apart, and a hidden one over them.
		{"name": "r1", "x": 500, "y": 300}, {"name": "r2", "x": 530, "y": 300}, {"name": "x", "x": 515, "y": 300, "hidden": true},
	}}
	js := fmt.Sprintf(`import("/places.js").then((m) => {
		const geo = %s;
		const boxes = Object.fromEntries(m.targetBoxes(geo).map((b) => [b.name, [b.x, b.y, b.width, b.height]]));
		const st = m.stacks(geo);
		const stacks = Object.fromEntries([...st].map(([k, v]) => [k, v.map((c) => c.name).join(" ")]));
		return JSON.stringify({boxes, stacks});
	})`, jsonOf(geo))
	var got struct {
		Boxes  map[string][4]float64 `json:"boxes"`
		Stacks map[string]string     `json:"stacks"`
	}
	if err := json.Unmarshal([]byte(eval[string](p, js)), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string][4]float64{
		"p1": {72, 90, 56, 20}, "p2": {72, 110, 56, 20}, "p3": {72, 130, 56, 20},
		"q1": {72, 210, 56, 20}, "q2": {72, 230, 56, 20},
		"a1": {272, 72, 56, 56}, "b1": {328, 72, 56, 56}, "h": {300, 120.5, 56, 56},
		"r1": {485, 272, 30, 56}, "r2": {515, 272, 30, 56},
	}
	for name, w := range want {
		if got.Boxes[name] != w {
			t.Errorf("%s: target %v, want %v", name, got.Boxes[name], w)
		}
	}
	if _, ok := got.Boxes["x"]; ok || len(got.Boxes) != len(want) {
		t.Errorf("targets %v: the hidden place has one, or some are missing", got.Boxes)
	}
	wantStacks := map[string]string{
		"p1": "p1 p2 p3", "p2": "p2 p1 p3", "p3": "p3 p2 p1", "q1": "q1 q2", "q2": "q2 q1",
	}
	for name, w := range wantStacks {
		if got.Stacks[name] != w {
			t.Errorf("%s: stack %q, want %q", name, got.Stacks[name], w)
		}
	}
	if len(got.Stacks) != len(wantStacks) {
		t.Errorf("stacks %v, want only the columns'", got.Stacks)
	}
}

// TestBrowserDice: a throw's faces (four on a double), the steps a move
// begun has made in full, and which dice they used.
func TestBrowserDice(t *testing.T) {
	p := openPage(t, "#/")
	names := []string{"13e", "7a", "6e", "6f", "5a", "24b", "21a", "18a"}
	tests := []struct {
		dice   []int
		move   string
		prefix []string
		steps  int    // made in full
		used   string // the faces used, as 0 and 1
	}{
		{[]int{6, 1}, "+ 13e - 7a die 1 + 6e - 5a pick 6 2 +", []string{"13e"}, 0, "00"},
		{[]int{6, 1}, "+ 13e - 7a die 1 + 6e - 5a pick 6 2 +", []string{"13e", "7a"}, 1, "10"},
		{[]int{6, 1}, "+ 13e - 7a die 1 + 6e - 5a pick 6 2 +", []string{"13e", "7a", "6e"}, 1, "10"},
		{[]int{6, 1}, "+ 13e - 7a die 1 + 7a - 6f pick 7 2 +", []string{"13e", "7a", "6f"}, 2, "11"},
		{[]int{1, 6}, "+ 13e - 7a die 2 + 6e - 5a pick 6 1 +", []string{"13e", "7a"}, 1, "01"},
		{[]int{3, 3}, "+ 24b - 21a die 1 + 21a - 18a pick 21 1 +", []string{"24b", "21a", "18a"}, 2, "1100"},
		// A step that names no die uses the first face left.
		{[]int{4, 2}, "+ 24b - 21a + 21a - 18a +", []string{"24b", "21a"}, 1, "10"},
	}
	for _, tt := range tests {
		js := fmt.Sprintf(`import("/dice.js").then((m) => {
			const steps = m.stepsMade(%s, %s, new Set(%s));
			return JSON.stringify([m.facesOf(%s).length, steps.length, m.usedDice(%s, steps).map((u) => u ? 1 : 0).join("")]);
		})`, jsonOf(tt.move), jsonOf(tt.prefix), jsonOf(names), jsonOf(tt.dice), jsonOf(tt.dice))
		var got []any
		if err := json.Unmarshal([]byte(eval[string](p, js)), &got); err != nil {
			t.Fatal(err)
		}
		faces := len(tt.dice)
		if tt.dice[0] == tt.dice[1] {
			faces = 4
		}
		if got[0] != float64(faces) || got[1] != float64(tt.steps) || got[2] != tt.used {
			t.Errorf("dice %v, %q after %v: %v faces, %v steps made, used %v; want %d, %d, %s",
				tt.dice, tt.move, tt.prefix, got[0], got[1], got[2], faces, tt.steps, tt.used)
		}
	}
}
