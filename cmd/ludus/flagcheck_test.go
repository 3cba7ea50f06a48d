package main

import (
	"testing"

	"github.com/spf13/cobra"
)

func TestSeedSpan(t *testing.T) {
	if err := seedSpan(18446744073709551615, 2); err == nil {
		t.Error("seed span past the largest seed accepted")
	}
	if err := seedSpan(18446744073709551615, 1); err != nil {
		t.Error(err)
	}
}

// Every command's defaults obey the flag rules, or the command could not run
// without flags.
func TestFlagDefaultsPass(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if err := checkFlags(c); err != nil {
			t.Errorf("%s: %v", c.CommandPath(), err)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd())
}
