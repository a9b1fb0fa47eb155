package testtarget

import (
	"testing"

	"podium.dev/agent/internal/host"
)

// StartCPUs is what this test process may run on before any run pins it (a run moves the whole process onto its
// load generator's CPUs, which the next test must not inherit).
var StartCPUs = host.Usable()

// FreshLayout puts the process back on every CPU it started with (failing the test when it cannot) and lays them out
// as a run does; the error is the layout's (a host with fewer than 2 CPUs has none).
func FreshLayout(t testing.TB) (host.Layout, error) {
	t.Helper()
	if err := host.PinSelf(StartCPUs); err != nil {
		t.Fatal(err)
	}
	return host.NewLayout(host.Usable(), "")
}
