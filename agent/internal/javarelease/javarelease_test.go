package javarelease

import (
	"path/filepath"
	"strings"
	"testing"

	"podium.dev/agent/internal/suitetest"
)

// class is the first bytes of a class file of the given major version (magic, minor 0, major).
func class(major int) []byte {
	return []byte{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, byte(major >> 8), byte(major)}
}

// jar writes a jar with the given entries (name -> content) and returns its path.
func jar(t *testing.T, entries map[string][]byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "app.jar")
	suitetest.Jar(t, path, entries)
	return path
}

func TestOfJarReadsTheMainClassRelease(t *testing.T) {
	path := jar(t, map[string][]byte{
		"META-INF/MANIFEST.MF":                     []byte("Manifest-Version: 1.0\r\nMain-Class: dev.podium.suite.netty.Net\r\n tyTarget\r\n\r\nName: other\r\nMain-Class: not.This\r\n"),
		"dev/podium/suite/netty/NettyTarget.class": class(65),
		"io/netty/Old.class":                       class(52), // a dependency built for Java 8 changes nothing
	})
	need, err := OfJar(path)
	if err != nil {
		t.Fatal(err)
	}
	if need.Release != 21 || need.Major != 65 || need.Class != "dev/podium/suite/netty/NettyTarget.class" {
		t.Fatalf("need = %+v, want Java 21 from NettyTarget.class (a continuation line joined, the per-entry section ignored)", need)
	}
}

func TestOfJarReadsASpringBootJarsStartClass(t *testing.T) {
	path := jar(t, map[string][]byte{
		"META-INF/MANIFEST.MF": []byte("Main-Class: org.springframework.boot.loader.launch.JarLauncher\nStart-Class: dev.podium.App\nSpring-Boot-Classes: BOOT-INF/classes/\n"),
		"org/springframework/boot/loader/launch/JarLauncher.class": class(61),
		"BOOT-INF/classes/dev/podium/App.class":                    class(69),
	})
	need, err := OfJar(path)
	if err != nil {
		t.Fatal(err)
	}
	if need.Release != 25 || need.Class != "BOOT-INF/classes/dev/podium/App.class" {
		t.Fatalf("need = %+v, want Java 25 from the Start-Class, not the launcher's 17", need)
	}
}

func TestOfJarErrors(t *testing.T) {
	for name, entries := range map[string]map[string][]byte{
		"no manifest":            {"A.class": class(65)},
		"main class missing":     {"META-INF/MANIFEST.MF": []byte("Main-Class: A\n")},
		"main class not a class": {"META-INF/MANIFEST.MF": []byte("Main-Class: A\n"), "A.class": []byte("hello, world")},
	} {
		if need, err := OfJar(jar(t, entries)); err == nil {
			t.Errorf("%s: need %+v, want an error", name, need)
		}
	}
	if _, err := OfJar(filepath.Join(t.TempDir(), "missing.jar")); err == nil {
		t.Error("a missing jar: want an error")
	}
	need, err := OfJar(jar(t, map[string][]byte{"META-INF/MANIFEST.MF": []byte("Manifest-Version: 1.0\n")}))
	if err != nil || need.Release != 0 {
		t.Errorf("a jar without a main class: %+v, %v; want Release 0 and no error", need, err)
	}
}

func TestOfVersion(t *testing.T) {
	for v, want := range map[string]int{
		"25.0.3+9-LTS": 25, "17.0.12+7": 17, "21": 21, "1.8.0_412-b08": 8, "unknown": 0, "": 0, "22-ea+5": 22,
	} {
		if got := OfVersion(v); got != want {
			t.Errorf("OfVersion(%q) = %d, want %d", v, got, want)
		}
	}
}

func TestTooOldSaysWhatToDo(t *testing.T) {
	err := TooOld("/usr/bin/java", "17.0.12+7", 17, Need{Release: 21, Major: 65, Jar: "netty.jar", Class: "N.class"})
	for _, want := range []string{"/usr/bin/java is Java 17", "N.class in netty.jar needs Java 21", "class file version 65", "JAVA_HOME to a JDK 21 or newer", "--java"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q lacks %q", err, want)
		}
	}
}
