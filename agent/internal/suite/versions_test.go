package suite

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// versionProperty is a <x.version>V</x.version> property of a Maven POM.
var versionProperty = regexp.MustCompile(`<([A-Za-z0-9.-]+)\.version>([^<]+)</[A-Za-z0-9.-]+\.version>`)

// TestFrameworkVersionsMatchThePOMs: every target's frameworkVersion in suite.json is a version property of the suite
// POM or of its module's POM, so a framework bumped in Maven without suite.json (or the reverse) fails here.
func TestFrameworkVersionsMatchThePOMs(t *testing.T) {
	dir := filepath.Join("..", "..", "suite")
	m, err := Load(filepath.Join(dir, "suite.json"))
	if err != nil {
		t.Fatal(err)
	}
	versions := func(pom string) map[string]string {
		b, err := os.ReadFile(pom)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, p := range versionProperty.FindAllStringSubmatch(string(b), -1) {
			out[p[2]] = p[1]
		}
		return out
	}
	parent := versions(filepath.Join(dir, "pom.xml"))
	for _, target := range m.Targets {
		if target.FrameworkVersion == "jdk" { // the JDK's own server: its version is the run's jvm.version
			continue
		}
		module := versions(filepath.Join(dir, target.Module, "pom.xml"))
		if _, ok := parent[target.FrameworkVersion]; ok {
			continue
		}
		if _, ok := module[target.FrameworkVersion]; ok {
			continue
		}
		t.Errorf("%s: frameworkVersion %q in suite.json is no <*.version> of pom.xml or %s/pom.xml (versions there: %v %v)",
			target.Name, target.FrameworkVersion, target.Module, parent, module)
	}
}

// TestMavenPropertiesHoldTheFrameworkVersion: a target's maven.property is the POM property that holds its
// frameworkVersion, so `run --framework-version` overrides the version the suite really builds with.
func TestMavenPropertiesHoldTheFrameworkVersion(t *testing.T) {
	dir := filepath.Join("..", "..", "suite")
	m, err := Load(filepath.Join(dir, "suite.json"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, target := range m.Targets {
		if target.Maven == nil {
			continue
		}
		n++
		var poms []byte
		for _, p := range []string{filepath.Join(dir, "pom.xml"), filepath.Join(dir, target.Module, "pom.xml")} {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			poms = append(poms, b...)
		}
		prop := "<" + target.Maven.Property + ">" + target.FrameworkVersion + "</" + target.Maven.Property + ">"
		if !strings.Contains(string(poms), prop) {
			t.Errorf("%s: no %s in pom.xml or %s/pom.xml", target.Name, prop, target.Module)
		}
		_, artifact, _ := target.Maven.Coordinates()
		if b, _ := os.ReadFile(filepath.Join(dir, target.Module, "pom.xml")); !strings.Contains(string(b)+string(poms), "<artifactId>"+artifact+"</artifactId>") {
			t.Errorf("%s: maven.artifact %s is no dependency of %s/pom.xml", target.Name, artifact, target.Module)
		}
	}
	if n == 0 {
		t.Fatal("no target of suite.json says how to build it against another version")
	}
}

// TestDBJDBCTargetsNameThePOMVersions: a target built on the suite's db-jdbc module (its JDBC code and HikariCP pool)
// records the driver and pool versions the suite POM pins, "PostgreSQL JDBC <postgresql.version> + HikariCP
// <hikaricp.version>", unless its module imports a BOM that manages them (Micronaut's), where it names the BOM.
func TestDBJDBCTargetsNameThePOMVersions(t *testing.T) {
	dir := filepath.Join("..", "..", "suite")
	m, err := Load(filepath.Join(dir, "suite.json"))
	if err != nil {
		t.Fatal(err)
	}
	parent, err := os.ReadFile(filepath.Join(dir, "pom.xml"))
	if err != nil {
		t.Fatal(err)
	}
	property := func(name string) string {
		p := regexp.MustCompile(`<` + regexp.QuoteMeta(name) + `>([^<]+)</`).FindSubmatch(parent)
		if p == nil {
			t.Fatalf("no <%s> in the suite POM", name)
		}
		return string(p[1])
	}
	want := "PostgreSQL JDBC " + property("postgresql.version") + " + HikariCP " + property("hikaricp.version")
	n := 0
	for _, target := range m.Targets {
		pom, err := os.ReadFile(filepath.Join(dir, target.Module, "pom.xml"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(pom), "<groupId>dev.podium.suite</groupId><artifactId>db-jdbc</artifactId>") {
			continue
		}
		n++
		if target.Database == nil {
			t.Errorf("%s: its module uses db-jdbc but it declares no db scenario (no \"database\")", target.Name)
			continue
		}
		if strings.Contains(string(pom), "<scope>import</scope>") {
			if !strings.Contains(target.Database.Client, "BOM") {
				t.Errorf("%s: database.client %q does not say that a BOM picks the versions", target.Name, target.Database.Client)
			}
			continue
		}
		if target.Database.Client != want {
			t.Errorf("%s: database.client %q, want %q (the suite POM's versions)", target.Name, target.Database.Client, want)
		}
	}
	if n == 0 {
		t.Fatal("no target of suite.json is built on the db-jdbc module")
	}
}
