// Package versionbuild builds one module of the suite against another release of its framework: the parent POM
// and the module's sources are copied into a folder of their own, the parent lists only that module and its
// <property> holds the version, and Maven builds it there, so the normal build is untouched; the version Maven
// really resolved is read back from the jar it copied. A suite module the module depends on (the common and db-jdbc
// libraries), directly or through another, is copied and listed too, before it, so that Maven builds it in the same
// reactor. The property is rewritten rather than passed as -D<property>: a user property also overrides BOMs that
// use the same name (Spring Boot's imports jetty-ee11-bom with ${jetty.version}), and one module in the reactor spares
// Maven reading the others.
package versionbuild

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"podium.dev/agent/internal/suite"
)

// Builder builds targets of one suite against other framework versions.
type Builder struct {
	Manifest *suite.Manifest
	// WorkDir holds one copy of the suite per module and version (e.g. ~/.podium/builds).
	WorkDir string
	// Maven is the Maven command, e.g. ["/repo/mvnw", "-B", "-ntp"].
	Maven []string
	// Env is added to the environment of Maven (e.g. JAVA_HOME=...).
	Env []string
}

// Result is a module built against one version.
type Result struct {
	Artifact string // absolute path of the built artifact
	Version  string // the version of the framework's artifact found in the build
	Log      string // Maven's output
	Took     time.Duration
}

// ErrBuild is a version that does not resolve or does not compile; its message names the version.
var ErrBuild = errors.New("build failed")

// Build builds t's module with its framework at version.
func (b *Builder) Build(ctx context.Context, t *suite.Target, version string) (*Result, error) {
	if t.Maven == nil {
		return nil, fmt.Errorf("target %s cannot be built against another version (suite.json gives it no maven property)", t.Name)
	}
	if !safeVersion.MatchString(version) {
		return nil, fmt.Errorf("%q is not a Maven version", version)
	}
	group, artifactID, err := t.Maven.Coordinates()
	if err != nil {
		return nil, err
	}
	started := time.Now()
	dir := filepath.Join(b.WorkDir, t.Module+"-"+version)
	if err := prepare(b.Manifest.Dir, dir, t.Module, t.Maven.Property, version); err != nil {
		return nil, fmt.Errorf("copy the suite to %s: %w", dir, err)
	}
	args := append(append([]string{}, b.Maven[1:]...), "-f", filepath.Join(dir, "pom.xml"), "package")
	cmd := exec.CommandContext(ctx, b.Maven[0], args...)
	cmd.Env = append(os.Environ(), b.Env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	logPath := filepath.Join(dir, "build.log")
	runErr := cmd.Run()
	_ = os.WriteFile(logPath, out.Bytes(), 0o644)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if runErr != nil {
		return nil, fmt.Errorf("%w: %s %s against %s %s: %s (Maven's output: %s)", ErrBuild, t.Module, "module",
			t.Framework, version, Diagnose(out.String(), group, artifactID, version), logPath)
	}
	artifact := t.Artifact
	if !filepath.IsAbs(artifact) {
		artifact = filepath.Join(dir, artifact)
	}
	if _, err := os.Stat(artifact); err != nil {
		return nil, fmt.Errorf("%w: %s %s built but %s is missing", ErrBuild, t.Framework, version, artifact)
	}
	resolved, err := ResolvedVersion(filepath.Join(dir, t.Module, "target", "libs"), artifactID)
	if err != nil {
		return nil, err
	}
	if resolved != version {
		return nil, fmt.Errorf("%w: asked for %s %s but Maven resolved %s-%s.jar (a BOM or dependency management overrides %s)",
			ErrBuild, t.Framework, version, artifactID, resolved, t.Maven.Property)
	}
	return &Result{Artifact: artifact, Version: resolved, Log: logPath, Took: time.Since(started)}, nil
}

// safeVersion keeps a version from being anything but a version on Maven's command line and in a folder name.
var safeVersion = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$`)

// Diagnose says in one line why Maven failed: the version is not on the repository, or the code does not compile.
func Diagnose(log, group, artifactID, version string) string {
	switch {
	case strings.Contains(log, group+":"+artifactID+":jar:"+version) && (strings.Contains(log, "Could not find artifact") ||
		strings.Contains(log, "was not found") || strings.Contains(log, "Could not resolve dependencies")):
		return fmt.Sprintf("version %s of %s:%s is not on the Maven repository", version, group, artifactID)
	case strings.Contains(log, "Could not resolve dependencies") || strings.Contains(log, "Could not find artifact"):
		return fmt.Sprintf("a dependency of version %s does not resolve: %s", version, firstError(log))
	case strings.Contains(log, "COMPILATION ERROR"):
		return fmt.Sprintf("the module does not compile against version %s: %s", version, firstError(log))
	}
	return firstError(log)
}

// firstError is the first [ERROR] line of Maven's output that says something.
func firstError(log string) string {
	for _, line := range strings.Split(log, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "[ERROR]"); ok && strings.TrimSpace(rest) != "" {
			return strings.TrimSpace(rest)
		}
	}
	return "Maven failed without an [ERROR] line"
}

// ResolvedVersion reads the version of artifactID from the jar Maven copied into libs (artifactID-<version>.jar).
func ResolvedVersion(libs, artifactID string) (string, error) {
	entries, err := os.ReadDir(libs)
	if err != nil {
		return "", fmt.Errorf("cannot tell which version was built: %w", err)
	}
	// artifactID followed by a version that starts with a digit: jetty-ee11-servlet-12.1.14.jar, not jetty-ee11-servlet-api-6.1.jar
	re := regexp.MustCompile(`^` + regexp.QuoteMeta(artifactID) + `-(\d[^/]*)\.jar$`)
	for _, e := range entries {
		if m := re.FindStringSubmatch(e.Name()); m != nil {
			return m[1], nil
		}
	}
	return "", fmt.Errorf("cannot tell which version was built: no %s-<version>.jar in %s", artifactID, libs)
}

var modulesRE = regexp.MustCompile(`(?s)<modules>.*?</modules>`)

// prepare copies the parent POM and the module into dst, the parent listing only the module (after the suite modules
// it depends on, copied too) and the property (in the parent or the module POM) set to version.
func prepare(src, dst, module, property, version string) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	deps, err := suiteDependencies(src, module)
	if err != nil {
		return err
	}
	modules := append(deps, module)
	for _, m := range modules {
		if err := copySources(filepath.Join(src, m), filepath.Join(dst, m)); err != nil {
			return err
		}
	}
	parent, err := os.ReadFile(filepath.Join(src, "pom.xml"))
	if err != nil {
		return err
	}
	parent = modulesRE.ReplaceAll(parent, []byte("<modules><module>"+strings.Join(modules, "</module><module>")+"</module></modules>"))
	prop := regexp.MustCompile(`<` + regexp.QuoteMeta(property) + `>[^<]*</` + regexp.QuoteMeta(property) + `>`)
	value := []byte("<" + property + ">" + version + "</" + property + ">")
	modulePOM := filepath.Join(dst, module, "pom.xml")
	child, err := os.ReadFile(modulePOM)
	if err != nil {
		return err
	}
	switch {
	case prop.Match(child):
		err = writeIfChanged(modulePOM, prop.ReplaceAll(child, value))
	case prop.Match(parent):
		parent = prop.ReplaceAll(parent, value)
	default:
		return fmt.Errorf("no <%s> in pom.xml or %s/pom.xml", property, module)
	}
	if err != nil {
		return err
	}
	return writeIfChanged(filepath.Join(dst, "pom.xml"), parent)
}

// suiteDependencyRE is a dependency on another module of the suite (its folder is its artifactId), or the parent.
var suiteDependencyRE = regexp.MustCompile(`<groupId>dev\.podium\.suite</groupId>\s*<artifactId>([A-Za-z0-9._-]+)</artifactId>`)

// suiteDependencies lists the suite modules that module's POM depends on, directly or through one another, each
// before the modules that need it; the parent (no module folder) is left out.
func suiteDependencies(src, module string) ([]string, error) {
	var out []string
	seen := map[string]bool{module: true}
	var visit func(string) error
	visit = func(m string) error {
		pom, err := os.ReadFile(filepath.Join(src, m, "pom.xml"))
		if err != nil {
			return err
		}
		for _, match := range suiteDependencyRE.FindAllSubmatch(pom, -1) {
			dep := string(match[1])
			if seen[dep] {
				continue
			}
			seen[dep] = true
			if st, err := os.Stat(filepath.Join(src, dep, "pom.xml")); err != nil || st.IsDir() {
				continue // the parent, podium-suite
			}
			if err := visit(dep); err != nil {
				return err
			}
			out = append(out, dep)
		}
		return nil
	}
	return out, visit(module)
}

// writeIfChanged leaves an identical file alone, so Maven sees nothing new.
func writeIfChanged(path string, b []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, b) {
		return nil
	}
	return os.WriteFile(path, b, 0o644)
}

// copySources copies the suite into dst without build output (target/), replacing files that changed.
func copySources(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			if d.Name() == "target" || (rel != "." && strings.HasPrefix(d.Name(), ".") && d.Name() != ".mvn") {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return copyFile(path, filepath.Join(dst, rel))
	})
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil {
		return err
	}
	// an unchanged file keeps its time, so Maven's incremental build is not fooled into rebuilding it
	if old, err := os.Stat(dst); err == nil && old.Size() == st.Size() && old.ModTime().Equal(st.ModTime()) {
		return nil
	}
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, st.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Chtimes(dst, st.ModTime(), st.ModTime())
}

// FindMaven is the Maven wrapper of the repository holding the suite (the nearest mvnw above it), else mvn.
func FindMaven(suiteDir string) []string {
	for dir := suiteDir; ; dir = filepath.Dir(dir) {
		if st, err := os.Stat(filepath.Join(dir, "mvnw")); err == nil && !st.IsDir() {
			return []string{filepath.Join(dir, "mvnw"), "-B", "-ntp"}
		}
		if filepath.Dir(dir) == dir {
			return []string{"mvn", "-B", "-ntp"}
		}
	}
}
