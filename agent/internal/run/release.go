package run

import (
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/javarelease"
	"podium.dev/agent/internal/suite"
)

// checkRelease refuses a run whose java is older than a JVM target's jar needs, before anything is started: every
// such target would exit at its start with UnsupportedClassVersionError and the run would keep only failures. A
// java whose version cannot be read, or a jar that cannot (not built yet), is left to the targets' own starts.
func (r *Runner) checkRelease(jvm host.JVM, targets []*suite.Target) error {
	have := javarelease.OfVersion(jvm.Version)
	if have == 0 {
		return nil
	}
	seen := map[string]bool{}
	for _, t := range targets {
		jar := r.Manifest.ArtifactPath(t)
		if !t.JVM() || jar == "" || seen[jar] {
			continue
		}
		seen[jar] = true
		need, err := javarelease.OfJar(jar)
		if err != nil {
			continue
		}
		if need.Release > have {
			return javarelease.TooOld(r.Java, jvm.Version, have, need)
		}
	}
	return nil
}
