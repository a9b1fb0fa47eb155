// Package javarelease says which Java release a target's jar needs and which one a java binary is, so that a run
// refuses a JDK too old for the suite before it measures anything. Without it, a run started with Java 17 on the
// PATH (the suite is built for 21) starts every JVM target only to see it exit with UnsupportedClassVersionError,
// and spools a run of failed targets.
//
// The release a jar needs is read from the class that `java -jar` loads first: the manifest's Main-Class, and a
// Spring Boot jar's Start-Class under its Spring-Boot-Classes folder (its Main-Class is Spring's launcher, compiled
// for an older release). A class file's major version is its release plus 44 (JVMS 4.1: 65 is Java 21).
package javarelease

import (
	"archive/zip"
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// majorOffset: a class file's major version is its Java release plus this (46 is Java 1.2, 65 is Java 21).
const majorOffset = 44

// Need is what one jar needs: the Java release of its entry class, and that class.
type Need struct {
	Release int    // 0: nothing readable
	Jar     string // the jar's path
	Class   string // the class file read, as its path in the jar
	Major   int    // its class file major version
}

// OfJar reads the jar's manifest and the header of its entry classes (Main-Class, and Start-Class for a Spring Boot
// jar) and returns the newest release they need. A jar without a readable entry class needs nothing (Release 0).
func OfJar(path string) (Need, error) {
	z, err := zip.OpenReader(path)
	if err != nil {
		return Need{}, err
	}
	defer z.Close()
	attrs, err := manifest(&z.Reader)
	if err != nil {
		return Need{}, fmt.Errorf("%s: %w", path, err)
	}
	var classes []string
	if c := attrs["Main-Class"]; c != "" {
		classes = append(classes, classPath(c))
	}
	if c := attrs["Start-Class"]; c != "" {
		classes = append(classes, strings.TrimPrefix(strings.TrimSuffix(attrs["Spring-Boot-Classes"], "/")+"/"+classPath(c), "/"))
	}
	need := Need{Jar: path}
	for _, name := range classes {
		major, err := classMajor(&z.Reader, name)
		if err != nil {
			return Need{}, fmt.Errorf("%s: %w", path, err)
		}
		if major-majorOffset > need.Release {
			need.Release, need.Class, need.Major = major-majorOffset, name, major
		}
	}
	return need, nil
}

// OfVersion returns the feature release of a java.runtime.version or java.version string ("25.0.3+9-LTS" is 25,
// "17" is 17, "1.8.0_412-b08" is 8), 0 when it is not one.
func OfVersion(v string) int {
	v = strings.TrimSpace(v)
	if rest, ok := strings.CutPrefix(v, "1."); ok { // Java 8 and before: 1.8.0_412
		v = rest
	}
	end := strings.IndexFunc(v, func(r rune) bool { return r < '0' || r > '9' })
	if end >= 0 {
		v = v[:end]
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0
	}
	return n
}

// TooOld is the error of a java binary older than a jar needs, with the way out.
func TooOld(java, version string, have int, need Need) error {
	return fmt.Errorf("%s is Java %d (%s), but %s in %s needs Java %d (class file version %d): "+
		"set JAVA_HOME to a JDK %d or newer, or pass --java", java, have, version, need.Class, need.Jar,
		need.Release, need.Major, need.Release)
}

func classPath(class string) string {
	return strings.ReplaceAll(strings.TrimSpace(class), ".", "/") + ".class"
}

// manifest reads META-INF/MANIFEST.MF's main attributes (continuation lines joined).
func manifest(z *zip.Reader) (map[string]string, error) {
	f, err := z.Open("META-INF/MANIFEST.MF")
	if err != nil {
		return nil, errors.New("no META-INF/MANIFEST.MF")
	}
	defer f.Close()
	attrs := map[string]string{}
	last := ""
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := strings.TrimRight(s.Text(), "\r")
		switch {
		case line == "": // the main section ends at the first blank line
			return attrs, nil
		case strings.HasPrefix(line, " ") && last != "":
			attrs[last] += line[1:]
		default:
			k, v, ok := strings.Cut(line, ":")
			if ok {
				last = strings.TrimSpace(k)
				attrs[last] = strings.TrimSpace(v)
			}
		}
	}
	return attrs, s.Err()
}

// classMajor reads a class file's magic and major version (JVMS 4.1: u4 magic, u2 minor, u2 major).
func classMajor(z *zip.Reader, name string) (int, error) {
	f, err := z.Open(name)
	if err != nil {
		return 0, fmt.Errorf("entry class %s: %w", name, err)
	}
	defer f.Close()
	var head [8]byte
	if _, err := io.ReadFull(f, head[:]); err != nil {
		return 0, fmt.Errorf("entry class %s: %w", name, err)
	}
	if binary.BigEndian.Uint32(head[:4]) != 0xCAFEBABE {
		return 0, fmt.Errorf("entry class %s is not a class file", name)
	}
	return int(binary.BigEndian.Uint16(head[6:8])), nil
}
