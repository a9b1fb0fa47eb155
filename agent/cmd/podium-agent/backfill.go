package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/backfill"
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/suite"
)

func newBackfill(g *globals) *cobra.Command {
	var f runFlags
	var last int
	var allMajors bool
	cmd := &cobra.Command{
		Use:   "backfill",
		Short: "Measure the last N releases of one target's framework, each built by its Maven property and spooled as its own run",
		Long: `backfill reads the releases of the target's framework from the Maven repository's maven-metadata.xml,
skips pre-releases (alpha, beta, RC, CR, M, snapshots) and, unless --all-majors, releases of another major version
than the suite's, and for each of the newest --last, oldest first: builds the target's module against it (as
run --framework-version does, in a folder of its own), measures it with the profile and spools it as its own run
(pushed at once with --push). A release that does not build is reported and the others go on.`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error { return runBackfill(cmd, g, &f, last, allMajors) },
	}
	f.registerRun(cmd)
	fl := cmd.Flags()
	// the framework's releases are compared with each other: nginx adds time, not an answer
	f.baseline, fl.Lookup("baseline").DefValue = false, "false"
	fl.IntVar(&last, "last", 3, "how many of the newest releases")
	fl.BoolVar(&allMajors, "all-majors", false, "also releases of another major version than the suite's")
	return cmd
}

func runBackfill(cmd *cobra.Command, g *globals, f *runFlags, last int, allMajors bool) error {
	if last < 1 {
		return usageError{fmt.Errorf("--last must be at least 1, not %d", last)}
	}
	if err := preflight(g, f); err != nil {
		return err
	}
	f.usable = host.Usable() // each measurement pins this process to the load generator's CPUs: the next lays out from all
	m, err := suite.Load(f.suite)
	if err != nil {
		return usageError{err}
	}
	t, err := versionTarget(m, f.targets)
	if err != nil {
		return usageError{err}
	}
	all, err := f.version.releases(cmd, t)
	if err != nil {
		return err
	}
	major := t.FrameworkVersion
	if allMajors {
		major = ""
	}
	versions := backfill.Select(all, last, major)
	if len(versions) == 0 {
		return fmt.Errorf("%s has no final release of major version %s on %s", t.Maven.Artifact, backfill.Major(major), f.version.repo())
	}
	out := cmd.ErrOrStderr()
	fmt.Fprintf(out, "backfill %s (%s): %s, from %s\n", t.Framework, t.Name, strings.Join(versions, ", "), f.version.repo())
	started := time.Now()
	var failed []string
	for i, v := range versions {
		step := func(format string, a ...any) {
			fmt.Fprintf(out, "%s [%d/%d] %s %s: %s\n", time.Now().Format("15:04:05"), i+1, len(versions), t.Framework, v, fmt.Sprintf(format, a...))
		}
		began := time.Now()
		mv, err := suite.Load(f.suite) // a fresh manifest: the build rewrites the target's artifact and version
		if err != nil {
			return err
		}
		tv, _ := versionTarget(mv, f.targets)
		step("build")
		res, err := f.version.build(cmd, mv, tv, v, f.java)
		if err != nil {
			if cmd.Context().Err() != nil {
				return cmd.Context().Err()
			}
			step("NOT MEASURED: %v", err)
			failed = append(failed, v)
			continue
		}
		step("measure (build took %s)", res.Took.Round(time.Second))
		if err := measure(cmd, g, f, mv); err != nil {
			if cmd.Context().Err() != nil {
				return cmd.Context().Err()
			}
			step("FAILED: %v", err)
			failed = append(failed, v)
			continue
		}
		step("done in %s", time.Since(began).Round(time.Second))
	}
	fmt.Fprintf(out, "backfill %s: %d of %d releases measured in %s\n", t.Framework, len(versions)-len(failed), len(versions),
		time.Since(started).Round(time.Second))
	if len(failed) > 0 {
		return checkFailed{[]string{fmt.Sprintf("%s %s not measured", t.Framework, strings.Join(failed, ", "))}}
	}
	return nil
}
