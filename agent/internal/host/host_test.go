package host

import (
	"path/filepath"
	"strings"
	"testing"

	"podium.dev/agent/internal/golden"
)

// Not parallel: Collect reads from the package-level Root.
func TestCollectReadsProcSysAndEtc(t *testing.T) {
	tests := []struct {
		root string
		want Info
	}{
		{"testdata/bare-metal", Info{CPUModel: "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz", VCPUs: 2, MemoryBytes: 16384000 * 1024,
			OS: "Ubuntu 24.04.1 LTS", Kernel: "6.8.0-1016-aws", Virtualization: "none"}},
		{"testdata/kvm", Info{CPUModel: "AMD EPYC 7B13", VCPUs: 1, MemoryBytes: 2048 * 1024,
			OS: "Debian GNU/Linux 12 (bookworm)", Kernel: "6.1.0-18-cloud-amd64", Virtualization: "vm: QEMU Standard PC (Q35 + ICH9, 2009)"}},
	}
	defer func(r string) { Root = r }(Root)
	for _, tc := range tests {
		t.Run(tc.root, func(t *testing.T) {
			Root = tc.root
			got := Collect()
			got.Hostname, got.Arch = "", ""
			if got != tc.want {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestParseJVM(t *testing.T) {
	t.Parallel()
	out := `-XX:ActiveProcessorCount=1 -XX:InitialHeapSize=536870912 -XX:+PrintCommandLineFlags -XX:+UseG1GC
Property settings:
    java.home = /usr/lib/jvm/temurin-21
    java.runtime.version = 21.0.5+11-LTS
    java.vendor = Eclipse Adoptium
    java.vm.name = OpenJDK 64-Bit Server VM
openjdk version "21.0.5" 2024-10-15 LTS`
	got := parseJVM(out, JVM{Flags: []string{"-XX:+UseG1GC"}})
	want := JVM{Vendor: "Eclipse Adoptium", Version: "21.0.5+11-LTS", VMName: "OpenJDK 64-Bit Server VM", GC: "G1", Flags: []string{"-XX:+UseG1GC"}}
	if got.Vendor != want.Vendor || got.Version != want.Version || got.VMName != want.VMName || got.GC != want.GC {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestCPUs(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{{"0", "0"}, {"0-1", "0-1"}, {"3,0,1,2", "0-3"}, {"0-1,4,6-7", "0-1,4,6-7"}}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			t.Parallel()
			c, err := ParseCPUs(tc.in)
			if err != nil || c.String() != tc.want {
				t.Errorf("ParseCPUs(%q) = %s, %v; want %s", tc.in, c, err, tc.want)
			}
		})
	}
	if _, err := ParseCPUs("3-1"); err == nil {
		t.Error("accepted a backwards range")
	}
}

func TestLayoutKeepsTargetAndLoadGeneratorApart(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		usable        CPUs
		loadGen       string
		k             int
		server, lg    string
		wantServerErr string
	}{
		{"2 cores: target 0, wrk 1", CPUs{0, 1}, "", 1, "0", "1", ""},
		{"2 cores cannot give the target 2", CPUs{0, 1}, "", 2, "", "1", "only 1 left"},
		{"8 cores: upper half to wrk", CPUs{0, 1, 2, 3, 4, 5, 6, 7}, "", 4, "0-3", "4-7", ""},
		{"an explicit load-generator set", CPUs{0, 1, 2, 3}, "0", 2, "1-2", "0", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l, err := NewLayout(tc.usable, tc.loadGen)
			if err != nil {
				t.Fatal(err)
			}
			s, err := l.Server(tc.k)
			if tc.wantServerErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantServerErr) {
					t.Errorf("err %v, want %q", err, tc.wantServerErr)
				}
				return
			}
			if err != nil || s.String() != tc.server || l.LoadGenerator.String() != tc.lg {
				t.Errorf("server %s (%v), load generator %s; want %s, %s", s, err, l.LoadGenerator, tc.server, tc.lg)
			}
		})
	}
	if _, err := NewLayout(CPUs{0}, ""); err == nil {
		t.Error("a 1-CPU host got a layout")
	}
}

// The balancer of an nginx-N topology gets a CPU of its own when one is left beside the targets' and the load
// generator's, else shares the load generator's (a 2-core host).
func TestLayoutGivesTheBalancerASpareCPUOrTheLoadGenerators(t *testing.T) {
	t.Parallel()
	tests := []struct {
		usable CPUs
		k      int
		want   string
		own    bool
	}{
		{CPUs{0, 1}, 1, "1", false},
		{CPUs{0, 1, 2, 3}, 1, "1", true},
		{CPUs{0, 1, 2, 3}, 2, "2-3", false},
		{CPUs{0, 1, 2, 3, 4, 5, 6, 7}, 2, "2", true},
		{CPUs{0, 1, 2, 3, 4, 5, 6, 7}, 4, "4-7", false},
	}
	for _, tc := range tests {
		l, err := NewLayout(tc.usable, "")
		if err != nil {
			t.Fatal(err)
		}
		if got, own := l.Balancer(tc.k); got.String() != tc.want || own != tc.own {
			t.Errorf("%s, targets on %d: balancer on %s (own %v), want %s (own %v)", tc.usable, tc.k, got, own, tc.want, tc.own)
		}
	}
}

func TestBusy(t *testing.T) {
	t.Parallel()
	before := Times{1: {100, 1000}}
	after := Times{1: {1050, 2000}}
	if b := Busy(before, after, CPUs{1}); b < 0.949 || b > 0.951 {
		t.Errorf("busy %.3f, want 0.95", b)
	}
}

// Not parallel: ReadSettings reads from the package-level Root. Each fixture tree has its golden payload
// form in testdata/<tree>.settings.json (go test ./internal/host -update rewrites them).
func TestReadSettingsFromSysAndProc(t *testing.T) {
	defer func(r string) { Root = r }(Root)
	for _, tree := range []string{"tuned", "untuned-v1", "kvm"} {
		t.Run(tree, func(t *testing.T) {
			Root = filepath.Join("testdata", tree)
			golden.JSON(t, filepath.Join("testdata", tree+".settings.json"), ReadSettings(CPUs{0, 1}))
		})
	}
}
