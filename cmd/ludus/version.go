package main

import "runtime/debug"

// ludusVersion is the module version ludus was built as (the VCS revision
// for a build from a checkout).
func ludusVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 && (v == "" || v == "(devel)") {
			v = s.Value[:12]
		}
	}
	return v
}
