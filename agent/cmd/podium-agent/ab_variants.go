package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/ab"
	"podium.dev/agent/internal/suite"
)

// abSide is what one side's flags ask for: a commit, a framework version, JVM flags and environment.
type abSide struct {
	commit, version, jvmFlags string
	env                       []string
}

func registerABSides(cmd *cobra.Command, f *abFlags) {
	fl := cmd.Flags()
	fl.StringVar(&f.a.commit, "a-commit", "", "variant A is the target as it is at this commit of the suite's git repository (built in a temporary worktree)")
	fl.StringVar(&f.b.commit, "b-commit", "", "variant B is the target as it is at this commit, e.g. a pull request's head")
	fl.StringVar(&f.a.version, "a-framework-version", "", "variant A is the target built against this release of its framework (as run --framework-version)")
	fl.StringVar(&f.b.version, "b-framework-version", "", "variant B is the target built against this release of its framework")
	f.version.register(cmd)
}

// abVariants turns both sides' flags into the variants: every check first (an unknown commit, a version the target
// cannot take, a bad environment entry are usage errors before anything is built), then the builds. cleanup removes
// the worktrees; call it also when err is set.
func abVariants(cmd *cobra.Command, f *abFlags, m *suite.Manifest) (a, b ab.Variant, cleanup func(), err error) {
	var checkouts []*ab.Checkout
	cleanup = func() {
		for _, c := range checkouts {
			c.Remove()
		}
	}
	sides := []*abSide{&f.a, &f.b}
	vs := []*ab.Variant{&a, &b}
	repos := make([]string, 2)
	for i, s := range sides {
		name := []string{"a", "b"}[i]
		*vs[i] = ab.Variant{JVMFlags: strings.Fields(s.jvmFlags), Env: s.env}
		if err := vs[i].Check(name); err != nil {
			return a, b, cleanup, usageError{err}
		}
		if s.commit != "" {
			repo, sha, err := ab.Resolve(cmd.Context(), f.suite, s.commit)
			if err != nil {
				return a, b, cleanup, usageError{fmt.Errorf("--%s-commit: %w", name, err)}
			}
			repos[i], vs[i].Commit = repo, sha
		}
		if s.version != "" {
			if _, err := versionTarget(m, []string{f.target}); err != nil {
				return a, b, cleanup, usageError{fmt.Errorf("--%s-framework-version: %w", name, err)}
			}
		}
	}
	if !slices.ContainsFunc(m.Targets, func(t suite.Target) bool { return t.Name == f.target }) {
		_, err := ab.Manifest(m, f.target, a, b)
		return a, b, cleanup, usageError{err}
	}
	for i, s := range sides {
		name := []string{"a", "b"}[i]
		switch {
		case s.commit != "" && s.version == "":
			c, err := ab.CheckOut(cmd.Context(), repos[i], vs[i].Commit, f.suite)
			if err != nil {
				return a, b, cleanup, err
			}
			checkouts = append(checkouts, c)
			var maven []string
			if f.version.maven != "" {
				maven = strings.Fields(f.version.maven)
			}
			if vs[i].Target, err = c.Target(cmd.Context(), f.target, maven, nil, cmd.ErrOrStderr()); err != nil {
				return a, b, cleanup, err
			}
		case s.version != "":
			mm := m
			if s.commit != "" {
				c, err := ab.CheckOut(cmd.Context(), repos[i], vs[i].Commit, f.suite)
				if err != nil {
					return a, b, cleanup, err
				}
				checkouts = append(checkouts, c)
				mm = c.Manifest
			}
			// a copy of the manifest: the build points the copy's targets at what it built, not the suite's
			cp := *mm
			cp.Targets = slices.Clone(mm.Targets)
			t, err := versionTarget(&cp, []string{f.target})
			if err != nil {
				return a, b, cleanup, usageError{fmt.Errorf("--%s-framework-version: %w", name, err)}
			}
			if err := f.version.checkPublished(cmd, t, s.version); err != nil {
				return a, b, cleanup, err
			}
			res, err := f.version.build(cmd, &cp, t, s.version, f.java)
			if err != nil {
				return a, b, cleanup, err
			}
			built := *t
			vs[i].FrameworkVersion, vs[i].Target = res.Version, &built
		}
	}
	return a, b, cleanup, nil
}
