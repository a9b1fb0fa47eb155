package main

import (
	"strings"
	"testing"
)

// ab refuses what it cannot measure before it starts anything, naming the flag (exit 2).
func TestABRefusesBadVariantsBeforeMeasuring(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"ab"}, "--target is required"},
		{[]string{"ab", "--suite", standardSuite, "--target", "tomcat", "--rounds", "1"}, "--rounds 1: 2 to 10"},
		{[]string{"ab", "--suite", standardSuite, "--target", "tomcat", "--b-env", "NOEQUALS"}, `--b-env "NOEQUALS": want KEY=VALUE`},
		{[]string{"ab", "--suite", standardSuite, "--target", "nope"}, `has no target "nope"`},
	} {
		out, code := agent(t, t.TempDir(), nil, tc.args...)
		if code != 2 || !strings.Contains(out, tc.want) || strings.Contains(out, "starting ") {
			t.Errorf("%v: exit %d, want 2 saying %q and starting nothing:\n%s", tc.args, code, tc.want, out)
		}
	}
}
