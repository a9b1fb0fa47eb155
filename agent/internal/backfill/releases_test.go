package backfill

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func fixture(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := ParseMetadata(f)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// The metadata files are Maven Central's, captured on 2026-11-23.
func TestSelectJettyLastThreeSkipsAlphasAndBetas(t *testing.T) {
	versions := fixture(t, "jetty-ee11-servlet.maven-metadata.xml")
	if len(versions) != 20 || versions[0] != "12.1.0.alpha0" {
		t.Fatalf("parsed %d versions starting %v", len(versions), versions[:1])
	}
	if got := Select(versions, 3, "12.1.14"); !slices.Equal(got, []string{"12.1.12", "12.1.13", "12.1.14"}) {
		t.Errorf("last 3 = %v", got)
	}
	// 12.1.10 after 12.1.9 (not lexical), and the five pre-releases of 12.1.0 left out
	got := Select(versions, 0, "12.1.14")
	if len(got) != 15 || got[0] != "12.1.0" || got[9] != "12.1.9" || got[10] != "12.1.10" {
		t.Errorf("all releases = %v", got)
	}
}

func TestSelectUndertowStaysInTheSuitesMajorVersion(t *testing.T) {
	versions := fixture(t, "undertow-core.maven-metadata.xml")
	if got := Select(versions, 3, "2.4.4.Final"); !slices.Equal(got, []string{"2.4.2.Final", "2.4.3.Final", "2.4.4.Final"}) {
		t.Errorf("last 3 of 2.x = %v", got)
	}
	// 2.4.0's Alpha, Betas and RCs are no releases; 2.4.0.Final is
	got := Select(versions, 6, "2.4.4.Final")
	if !slices.Equal(got, []string{"2.3.27.Final", "2.4.0.Final", "2.4.1.Final", "2.4.2.Final", "2.4.3.Final", "2.4.4.Final"}) {
		t.Errorf("last 6 of 2.x = %v", got)
	}
	for _, v := range Select(versions, 0, "") {
		if IsPreRelease(v) {
			t.Errorf("pre-release %s selected", v)
		}
	}
	if all := Select(versions, 0, ""); Major(all[0]) != "1" || Major(all[len(all)-1]) != "2" {
		t.Errorf("every major: %s .. %s", all[0], all[len(all)-1])
	}
}

func TestCompareAndPreReleases(t *testing.T) {
	ordered := []string{"1.0", "1.0.1", "2.4.0.Alpha1", "2.4.0.Beta2", "2.4.0.RC1", "2.4.0.Final", "2.4.1.Final",
		"2.4.10.Final", "6.0.0-M3", "6.0.0", "9.4.46.v20220331", "12.1.9", "12.1.10"}
	for i := range ordered {
		for j := range ordered {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := Compare(ordered[i], ordered[j]); got != want {
				t.Errorf("Compare(%s, %s) = %d, want %d", ordered[i], ordered[j], got, want)
			}
		}
	}
	for v, pre := range map[string]bool{"12.1.0.beta1": true, "2.4.0.RC4": true, "6.0.0-M3": true, "1.0-SNAPSHOT": true,
		"4.2.0.CR1": true, "4.2.20.Final": false, "9.4.46.v20220331": false, "12.1.14": false, "3.0.0-milestone2": true} {
		if IsPreRelease(v) != pre {
			t.Errorf("IsPreRelease(%s) = %v", v, !pre)
		}
	}
}

func TestFetchReadsTheRepositoryAndNamesAMissingArtifact(t *testing.T) {
	body, _ := os.ReadFile(filepath.Join("testdata", "jetty-ee11-servlet.maven-metadata.xml"))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/maven2/org/eclipse/jetty/ee11/jetty-ee11-servlet/maven-metadata.xml" {
			http.NotFound(w, r)
			return
		}
		w.Write(body)
	}))
	defer srv.Close()
	v, err := Fetch(context.Background(), srv.Client(), srv.URL+"/maven2/", "org.eclipse.jetty.ee11", "jetty-ee11-servlet")
	if err != nil || len(v) != 20 {
		t.Fatalf("Fetch = %d versions, %v", len(v), err)
	}
	if _, err := Fetch(context.Background(), srv.Client(), srv.URL+"/maven2", "org.eclipse.jetty", "nope"); err == nil ||
		!strings.Contains(err.Error(), "org.eclipse.jetty:nope") || !strings.Contains(err.Error(), "404") {
		t.Errorf("missing artifact: %v", err)
	}
}

func TestRepositoryIsSettingsMirrorElseCentral(t *testing.T) {
	dir := t.TempDir()
	if got := Repository(filepath.Join(dir, "none.xml")); got != Central {
		t.Errorf("no settings: %s", got)
	}
	p := filepath.Join(dir, "settings.xml")
	os.WriteFile(p, []byte(`<settings><mirrors><mirror><id>corp</id><mirrorOf>central</mirrorOf>
		<url>https://nexus.example/repository/maven-public/</url></mirror></mirrors></settings>`), 0o644)
	if got := Repository(p); got != "https://nexus.example/repository/maven-public/" {
		t.Errorf("mirror: %s", got)
	}
}
