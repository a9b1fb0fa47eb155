package main

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/backfill"
	"podium.dev/agent/internal/config"
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/versionbuild"
)

// versionFlags say how a target is built against another release of its framework (run --framework-version, backfill).
type versionFlags struct {
	frameworkVersion string
	maven            string
	repository       string
	buildDir         string
}

func (f *versionFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.maven, "maven", "", "the Maven command for --framework-version and backfill (default: the mvnw above the suite, else mvn)")
	fl.StringVar(&f.repository, "maven-repository", "", "the Maven repository the releases are read from (default: the mirror of central in ~/.m2/settings.xml, else "+backfill.Central+")")
	fl.StringVar(&f.buildDir, "build-dir", filepath.Join(config.Home(), "builds"), "where the suite is copied and built for another framework version (the normal build is untouched)")
}

func (f *versionFlags) repo() string {
	if f.repository != "" {
		return f.repository
	}
	return backfill.Repository("")
}

// versionTarget is the one target named by --target, which must say how to build it against another version.
func versionTarget(m *suite.Manifest, names []string) (*suite.Target, error) {
	if len(names) != 1 || names[0] == "*" {
		return nil, errors.New("--framework-version and backfill need exactly one --target")
	}
	ts, err := m.Select(names)
	if err != nil {
		return nil, err
	}
	t := ts[0]
	if t.Maven == nil {
		var can []string
		for _, o := range m.Targets {
			if o.Maven != nil {
				can = append(can, o.Name)
			}
		}
		return nil, fmt.Errorf("target %s cannot be built against another version (no maven entry in suite.json); these can: %s",
			t.Name, strings.Join(can, ", "))
	}
	return t, nil
}

// releases reads t's framework releases from the repository.
func (f *versionFlags) releases(cmd *cobra.Command, t *suite.Target) ([]string, error) {
	group, artifact, err := t.Maven.Coordinates()
	if err != nil {
		return nil, err
	}
	return backfill.Fetch(cmd.Context(), &http.Client{Timeout: 30 * time.Second}, f.repo(), group, artifact)
}

// checkPublished fails, naming the version, when the repository does not list it; an unreachable repository is
// left to Maven, which may still have the version in its local repository.
func (f *versionFlags) checkPublished(cmd *cobra.Command, t *suite.Target, version string) error {
	versions, err := f.releases(cmd, t)
	if err != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "could not list the releases (%v); trying the build\n", err)
		return nil
	}
	if slices.Contains(versions, version) {
		return nil
	}
	return usageError{fmt.Errorf("%s %s does not exist: %s is not on %s (its newest releases: %s)", t.Framework, version,
		t.Maven.Artifact+":"+version, f.repo(), strings.Join(backfill.Select(versions, 5, ""), ", "))}
}

// build builds t's module against version and points every target of that module at the result, with the
// version Maven really resolved as their frameworkVersion.
func (f *versionFlags) build(cmd *cobra.Command, m *suite.Manifest, t *suite.Target, version, java string) (*versionbuild.Result, error) {
	mvn := versionbuild.FindMaven(m.Dir)
	if f.maven != "" {
		mvn = strings.Fields(f.maven)
	}
	var env []string
	if os.Getenv("JAVA_HOME") == "" {
		if p, err := exec.LookPath(host.Java(java)); err == nil {
			if p, err = filepath.EvalSymlinks(p); err == nil && filepath.IsAbs(p) {
				env = append(env, "JAVA_HOME="+filepath.Dir(filepath.Dir(p)))
			}
		}
	}
	b := &versionbuild.Builder{Manifest: m, WorkDir: f.buildDir, Maven: mvn, Env: env}
	fmt.Fprintf(cmd.ErrOrStderr(), "%s building module %s against %s %s (%s)\n", time.Now().Format("15:04:05"), t.Module,
		t.Framework, version, t.Maven.Property+"="+version)
	res, err := b.Build(cmd.Context(), t, version)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "%s built %s in %s: %s resolved to %s\n", time.Now().Format("15:04:05"), res.Artifact,
		res.Took.Round(time.Second), t.Maven.Artifact, res.Version)
	for i := range m.Targets {
		if m.Targets[i].Module == t.Module {
			m.Targets[i].Artifact, m.Targets[i].FrameworkVersion = res.Artifact, res.Version
		}
	}
	return res, nil
}
