// Package ab measures two variants of one target, A and B, on one host in interleaved rounds and judges B against A
// per cell from the rounds' paired ratios (podium-agent ab; docs/methodology.md, "A/B of two variants"): the
// maintainer's "did this change make us faster or slower, and by how much?".
package ab

import (
	"fmt"
	"slices"
	"strings"

	"podium.dev/agent/internal/suite"
)

// Variant is one side of an A/B: which build of the target it starts and what it adds to the target's starts. The
// zero Variant is the target as the suite has it.
type Variant struct {
	JVMFlags []string `json:"jvmFlags,omitempty"` // added at {jvmFlags}, after the manifest's
	Env      []string `json:"env,omitempty"`      // KEY=VALUE, added to the target's environment (a setting: a pool size...)
	// Commit is the commit of the suite's repository the target was built at (the full hash), "" for the checkout as it is.
	Commit string `json:"commit,omitempty"`
	// FrameworkVersion is the framework release the target was built against (as Maven resolved it), "" for the
	// suite's own.
	FrameworkVersion string `json:"frameworkVersion,omitempty"`
	// Target, when set, is the target as that commit or version has it (its artifact an absolute path), in place of
	// the suite's.
	Target *suite.Target `json:"-"`
}

// Same says two variants start the same build with the same flags and environment: an A/A.
func Same(a, b Variant) bool {
	return a.Commit == b.Commit && a.FrameworkVersion == b.FrameworkVersion && slices.Equal(a.JVMFlags, b.JVMFlags) &&
		slices.Equal(a.Env, b.Env)
}

// Describe is how the variant is named in the report: "the suite's target" or its commit, version, flags and
// environment.
func (v Variant) Describe() string {
	var parts []string
	if v.Commit != "" {
		parts = append(parts, "commit "+short(v.Commit))
	}
	if v.FrameworkVersion != "" {
		parts = append(parts, "framework version "+v.FrameworkVersion)
	}
	if len(v.JVMFlags) > 0 {
		parts = append(parts, "JVM flags "+strings.Join(v.JVMFlags, " "))
	}
	if len(v.Env) > 0 {
		parts = append(parts, "environment "+strings.Join(v.Env, " "))
	}
	if len(parts) == 0 {
		return "the suite's target as it is"
	}
	return strings.Join(parts, "; ")
}

func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}

// Check refuses an environment entry that is not KEY=VALUE.
func (v Variant) Check(side string) error {
	for _, e := range v.Env {
		if k, _, ok := strings.Cut(e, "="); !ok || k == "" || strings.ContainsAny(k, " \t") {
			return fmt.Errorf("--%s-env %q: want KEY=VALUE", side, e)
		}
	}
	return nil
}

// Names are the two variants' target names in the A/B's manifest.
func Names(target string) (a, b string) { return target + "-a", target + "-b" }

// Manifest is m with the target named target as two targets, its variants A and B (framework "<name> (A)", "(B)"),
// and no baseline: what the A/B measures.
func Manifest(m *suite.Manifest, target string, a, b Variant) (*suite.Manifest, error) {
	i := slices.IndexFunc(m.Targets, func(t suite.Target) bool { return t.Name == target })
	if i < 0 {
		var names []string
		for _, t := range m.Targets {
			names = append(names, t.Name)
		}
		return nil, fmt.Errorf("suite %s has no target %q (it has %s)", m.Name, target, strings.Join(names, ", "))
	}
	out := *m
	out.Baseline = nil
	out.Targets = nil
	an, bn := Names(target)
	for _, side := range []struct {
		name, label string
		v           Variant
	}{{an, "A", a}, {bn, "B", b}} {
		t := m.Targets[i]
		if side.v.Target != nil {
			t = *side.v.Target
			t.Framework = m.Targets[i].Framework
		}
		t.Name = side.name
		if t.Framework == "" {
			t.Framework = target
		}
		t.Framework += " (" + side.label + ")"
		t.JVMFlags = append(slices.Clone(t.JVMFlags), side.v.JVMFlags...)
		t.Env = append(slices.Clone(t.Env), side.v.Env...)
		out.Targets = append(out.Targets, t)
	}
	return &out, nil
}
