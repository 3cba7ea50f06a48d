package linjat

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// The JSON of "ludus linjat solve --json" keeps the documented shape.
func TestReportJSONShape(t *testing.T) {
	p, err := Parse("5....\n.....\no4...\n3o.3.\n")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Analyze(p, Difficulties[3].Weights)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Solutions int  `json:"solutions"`
		Solved    bool `json:"solved"`
		Lines     []map[string]any
		Rating    map[string]any
		Trace     []map[string]any
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if got.Solutions != 1 || !got.Solved || len(got.Lines) != 4 || len(got.Trace) == 0 {
		t.Fatalf("report %s", data)
	}
	for _, key := range []string{"row", "col", "value", "dir", "r0", "c0", "r1", "c1"} {
		if _, ok := got.Lines[0][key]; !ok {
			t.Errorf("line lacks %q: %v", key, got.Lines[0])
		}
	}
	if d := got.Lines[0]["dir"]; d != "H" && d != "V" {
		t.Errorf("dir = %v", d)
	}
	for _, key := range []string{"solved", "score", "depth", "width", "rules", "weights"} {
		if _, ok := got.Rating[key]; !ok {
			t.Errorf("rating lacks %q", key)
		}
	}
	for _, key := range []string{"rule", "width", "decided", "numbers", "focus"} {
		if _, ok := got.Trace[0][key]; !ok {
			t.Errorf("trace step lacks %q", key)
		}
	}
	var back Report
	if err := json.Unmarshal(data, &back); err != nil || len(back.Lines) != 4 || back.Lines[0] != rep.Lines[0] {
		t.Fatalf("round trip: %v, %+v", err, back.Lines)
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text, p); err != nil || !strings.Contains(text.String(), "rating: solved") {
		t.Fatalf("text report %q, %v", text.String(), err)
	}
}

func TestWeightsParseAndJSON(t *testing.T) {
	w, err := ParseWeights("cover=2, width=-3,one_of=7", Difficulties[3].Weights)
	if err != nil {
		t.Fatal(err)
	}
	if w.Rule[Cover] != 2 || w.Width != -3 || w.Rule[OneOf] != 7 || w.Rule[Square] != 50 {
		t.Fatalf("weights %v", w)
	}
	for _, bad := range []string{"cover", "cover=x", "nosuch=1"} {
		if _, err := ParseWeights(bad, Weights{}); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	data, _ := json.Marshal(w)
	var back Weights
	if err := json.Unmarshal(data, &back); err != nil || back != w {
		t.Fatalf("JSON round trip %s: %v, %v", data, back, err)
	}
	again, err := ParseWeights(w.String(), Weights{})
	if err != nil || again != w {
		t.Fatalf("String round trip %q: %v, %v", w.String(), again, err)
	}
	if _, err := DifficultyByName("insane"); err == nil {
		t.Error("unknown difficulty accepted")
	}
}
