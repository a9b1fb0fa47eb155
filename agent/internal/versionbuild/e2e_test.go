package versionbuild

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"podium.dev/agent/internal/suitetest"
)

// TestBuildJettyAgainstTwoVersions builds with real Maven (minutes on a busy host, so only with
// PODIUM_E2E_BUILD=1: `make test-version-build`): a release that exists is built and its jar read back, one that
// does not is refused naming it.
func TestBuildJettyAgainstTwoVersions(t *testing.T) {
	if os.Getenv("PODIUM_E2E_BUILD") == "" {
		t.Skip("PODIUM_E2E_BUILD unset: `make test-version-build` runs this with real Maven")
	}
	m := suitetest.Manifest(t)
	ts, _ := m.Select([]string{"jetty"})
	b := &Builder{Manifest: m, WorkDir: t.TempDir(), Maven: FindMaven(m.Dir)}
	res, err := b.Build(context.Background(), ts[0], "12.1.12")
	if err != nil {
		t.Fatal(err)
	}
	if res.Version != "12.1.12" || !strings.HasPrefix(res.Artifact, b.WorkDir) {
		t.Errorf("built %+v", res)
	}
	_, err = b.Build(context.Background(), ts[0], "12.0.16")
	if !errors.Is(err, ErrBuild) || !strings.Contains(err.Error(), "version 12.0.16 of org.eclipse.jetty.ee11:jetty-ee11-servlet is not on the Maven repository") {
		t.Errorf("12.0.16 (no ee11 then): %v", err)
	}
}
