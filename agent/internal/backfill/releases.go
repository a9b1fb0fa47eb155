// Package backfill measures past releases of a framework: it reads the releases from the Maven repository's
// maven-metadata.xml, keeps the final ones (by default of the suite's major version) and picks the newest N.
package backfill

import (
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Central is Maven Central, the repository Maven uses when settings.xml names no mirror.
const Central = "https://repo.maven.apache.org/maven2"

type metadata struct {
	GroupID    string   `xml:"groupId"`
	ArtifactID string   `xml:"artifactId"`
	Versions   []string `xml:"versioning>versions>version"`
}

// ParseMetadata returns the versions listed in a maven-metadata.xml, in the file's order.
func ParseMetadata(r io.Reader) ([]string, error) {
	var m metadata
	if err := xml.NewDecoder(io.LimitReader(r, 8<<20)).Decode(&m); err != nil {
		return nil, fmt.Errorf("parse maven-metadata.xml: %w", err)
	}
	if len(m.Versions) == 0 {
		return nil, fmt.Errorf("maven-metadata.xml of %s:%s lists no version", m.GroupID, m.ArtifactID)
	}
	return m.Versions, nil
}

// MetadataURL is where repo keeps the metadata of group:artifact.
func MetadataURL(repo, group, artifact string) string {
	return strings.TrimRight(repo, "/") + "/" + strings.ReplaceAll(group, ".", "/") + "/" + artifact + "/maven-metadata.xml"
}

// Fetch reads the versions of group:artifact from the repository.
func Fetch(ctx context.Context, client *http.Client, repo, group, artifact string) ([]string, error) {
	url := MetadataURL(repo, group, artifact)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("read the releases of %s:%s: %w", group, artifact, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("read the releases of %s:%s: %s answered %s", group, artifact, url, resp.Status)
	}
	return ParseMetadata(resp.Body)
}

// preRelease matches a qualifier part of a version that marks a pre-release: 2.4.0.RC1, 12.1.0.beta0, 6.0.0-M3.
var preRelease = regexp.MustCompile(`(?i)^(alpha|beta|rc|cr|m|milestone|snapshot|ea|preview|dev|pre)\d*$`)

// IsPreRelease says whether v is an alpha, beta, release candidate, milestone or snapshot.
func IsPreRelease(v string) bool {
	for _, part := range parts(v) {
		if preRelease.MatchString(part) {
			return true
		}
	}
	return false
}

// parts splits a version at dots, dashes and underscores; RC1 stays one part so that it reads as a qualifier.
func parts(v string) []string {
	return strings.FieldsFunc(v, func(r rune) bool { return r == '.' || r == '-' || r == '_' })
}

// Major is the first number of a version ("12" of 12.1.14).
func Major(v string) string {
	p := parts(v)
	if len(p) == 0 {
		return ""
	}
	return p[0]
}

// Compare orders versions the way releases follow one another: numeric parts as numbers (12.1.10 after 12.1.9),
// a pre-release before its release, then the rest as text. It returns -1, 0 or 1.
func Compare(a, b string) int {
	pa, pb := parts(a), parts(b)
	for i := 0; i < max(len(pa), len(pb)); i++ {
		x, y := "", ""
		if i < len(pa) {
			x = pa[i]
		}
		if i < len(pb) {
			y = pb[i]
		}
		nx, errX := strconv.ParseUint(x, 10, 64)
		ny, errY := strconv.ParseUint(y, 10, 64)
		switch {
		case errX == nil && errY == nil:
			if c := cmpUint(nx, ny); c != 0 {
				return c
			}
		case errX == nil: // 1.2.3 > 1.2 and 1.2.3 > 1.2.RC1: a number beats a qualifier or nothing
			return 1
		case errY == nil:
			return -1
		default:
			// a pre-release qualifier sorts before a release qualifier (Final, GA) or none
			px, py := preRelease.MatchString(x), preRelease.MatchString(y)
			if px != py {
				if px {
					return -1
				}
				return 1
			}
			if c := strings.Compare(strings.ToLower(x), strings.ToLower(y)); c != 0 {
				return c
			}
		}
	}
	return 0
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Select returns the newest `last` final releases, oldest first; with sameMajorAs set, only those of its major version.
func Select(versions []string, last int, sameMajorAs string) []string {
	var keep []string
	for _, v := range versions {
		if IsPreRelease(v) || (sameMajorAs != "" && Major(v) != Major(sameMajorAs)) || slices.Contains(keep, v) {
			continue
		}
		keep = append(keep, v)
	}
	slices.SortFunc(keep, Compare)
	if last > 0 && len(keep) > last {
		keep = keep[len(keep)-last:]
	}
	return keep
}

type settings struct {
	Mirrors []struct {
		MirrorOf string `xml:"mirrorOf"`
		URL      string `xml:"url"`
	} `xml:"mirrors>mirror"`
}

// Repository is the repository Maven reads Central from here: a mirror of central (or *) in settings.xml, else Central.
func Repository(settingsFile string) string {
	if settingsFile == "" {
		home, _ := os.UserHomeDir()
		settingsFile = filepath.Join(home, ".m2", "settings.xml")
	}
	b, err := os.ReadFile(settingsFile)
	if err != nil {
		return Central
	}
	var s settings
	if xml.Unmarshal(b, &s) != nil {
		return Central
	}
	for _, m := range s.Mirrors {
		for _, of := range strings.Split(m.MirrorOf, ",") {
			if of = strings.TrimSpace(of); (of == "*" || of == "central" || of == "external:*") && m.URL != "" {
				return m.URL
			}
		}
	}
	return Central
}
