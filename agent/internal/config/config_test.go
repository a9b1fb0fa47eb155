package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// Not parallel: the cases set environment variables.
func TestApply(t *testing.T) {
	tests := []struct {
		name        string
		args        []string
		env         map[string]string
		file        string
		wantServer  string
		wantTargets string
		wantRepeats int
		wantErr     string
	}{
		{name: "defaults stay when nothing is set", wantServer: "http://127.0.0.1:8080", wantRepeats: 0},
		{name: "the file fills what is unset, lists as arrays", file: `{"server":"http://f","target":["a","b"],"repeats":3}`,
			wantServer: "http://f", wantTargets: "a,b", wantRepeats: 3},
		{name: "the environment beats the file", file: `{"server":"http://f"}`, env: map[string]string{"PODIUM_SERVER": "http://e", "PODIUM_TARGET": "x,y"},
			wantServer: "http://e", wantTargets: "x,y"},
		{name: "a flag beats both", args: []string{"--server", "http://flag"}, file: `{"server":"http://f"}`, env: map[string]string{"PODIUM_SERVER": "http://e"},
			wantServer: "http://flag"},
		{name: "a bad value names its source", env: map[string]string{"PODIUM_REPEATS": "many"}, wantErr: "PODIUM_REPEATS"},
		{name: "a broken file is an error", file: `{"server":`, wantErr: "config file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
			server := fs.String("server", "http://127.0.0.1:8080", "")
			targets := fs.StringSlice("target", nil, "")
			repeats := fs.Int("repeats", 0, "")
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			file := ""
			if tc.file != "" {
				file = filepath.Join(t.TempDir(), "config.json")
				os.WriteFile(file, []byte(tc.file), 0o600)
			}
			err := Apply(fs, file, false)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if *server != tc.wantServer || strings.Join(*targets, ",") != tc.wantTargets || *repeats != tc.wantRepeats {
				t.Errorf("server %q targets %v repeats %d; want %q %q %d", *server, *targets, *repeats, tc.wantServer, tc.wantTargets, tc.wantRepeats)
			}
		})
	}
}

func TestEnvName(t *testing.T) {
	t.Parallel()
	if got := EnvName("admin-token"); got != "PODIUM_ADMIN_TOKEN" {
		t.Errorf("got %s", got)
	}
}

// Not parallel: sets PODIUM_HOME and HOME.
func TestLocateOneRule(t *testing.T) {
	t.Setenv("HOME", "/home/u")
	t.Setenv("PODIUM_HOME", "")
	if dir, src := Locate("", false); dir != "/home/u/.podium" || src != "default" {
		t.Errorf("default: %s (%s)", dir, src)
	}
	t.Setenv("PODIUM_HOME", "/env")
	if dir, src := Locate("/ignored", false); dir != "/env" || src != "PODIUM_HOME" {
		t.Errorf("PODIUM_HOME beats the default: %s (%s)", dir, src)
	}
	if dir, src := Locate("/flag", true); dir != "/flag" || src != "--home" {
		t.Errorf("--home beats PODIUM_HOME: %s (%s)", dir, src)
	}
	if KeyFile("/h") != "/h/agent-key.json" || SpoolDir("/h") != "/h/spool" || File("/h") != "/h/config.json" {
		t.Error("the key, the spool and the config file live in the home")
	}
}
