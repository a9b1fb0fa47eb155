// Package config fills the flags a user did not set from the environment (PODIUM_<FLAG>) and then from
// the config file (a JSON object keyed by flag name): flag > environment > file > default.
package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"
)

// LocalHome is where `make run` keeps its agent (key and spool), relative to the repository's root.
const LocalHome = ".podium/agent"

// Locate is the one rule for the agent's folder (the key, the spool and config.json live there by default):
// the --home flag when given, else PODIUM_HOME, else ~/.podium. It also says which of the three it was.
func Locate(flag string, flagGiven bool) (dir, source string) {
	if flagGiven && flag != "" {
		return flag, "--home"
	}
	if h := os.Getenv("PODIUM_HOME"); h != "" {
		return h, "PODIUM_HOME"
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ".podium", "default"
	}
	return filepath.Join(home, ".podium"), "default"
}

// Home is the agent's folder when no --home flag is given.
func Home() string {
	dir, _ := Locate("", false)
	return dir
}

// KeyFile, SpoolDir and File are the default key, spool and config file of a home.
func KeyFile(home string) string  { return filepath.Join(home, "agent-key.json") }
func SpoolDir(home string) string { return filepath.Join(home, "spool") }
func File(home string) string     { return filepath.Join(home, "config.json") }

// DefaultFile is the config file read when neither --home nor --config is given.
func DefaultFile() string { return File(Home()) }

// LocalHint names `make run`'s agent folder under the working folder when it holds a key and home does not:
// the two are different homes, and a user who ran `make run` is most likely looking for that one.
func LocalHint(home string) string {
	if _, err := os.Stat(KeyFile(home)); err == nil {
		return ""
	}
	local, err := filepath.Abs(LocalHome)
	if err != nil || local == home {
		return ""
	}
	if _, err := os.Stat(KeyFile(local)); err != nil {
		return ""
	}
	return local
}

// EnvName is the environment variable that sets a flag: --admin-token is PODIUM_ADMIN_TOKEN.
func EnvName(flag string) string {
	return "PODIUM_" + strings.ToUpper(strings.ReplaceAll(flag, "-", "_"))
}

// Apply sets every flag of fs that was not given on the command line from the environment or the file.
// A missing default file is fine; a missing explicit file is an error.
func Apply(fs *pflag.FlagSet, file string, explicit bool) error {
	values := map[string]any{}
	if file != "" {
		b, err := os.ReadFile(file)
		switch {
		case err == nil:
			if err := json.Unmarshal(b, &values); err != nil {
				return fmt.Errorf("config file %s: %w", file, err)
			}
		case errors.Is(err, os.ErrNotExist) && !explicit:
		default:
			return fmt.Errorf("config file: %w", err)
		}
	}
	var errs []error
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Changed || f.Name == "config" || f.Name == "help" || f.Name == "home" {
			return
		}
		if v, ok := os.LookupEnv(EnvName(f.Name)); ok {
			if err := setAll(f, []string{v}, true); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", EnvName(f.Name), err))
			}
			return
		}
		if v, ok := values[f.Name]; ok {
			if err := setAll(f, strs(v), false); err != nil {
				errs = append(errs, fmt.Errorf("config file %s, %q: %w", file, f.Name, err))
			}
		}
	})
	return errors.Join(errs...)
}

// strs turns a JSON value into flag values: a list becomes one value per item.
func strs(v any) []string {
	switch t := v.(type) {
	case []any:
		var out []string
		for _, x := range t {
			out = append(out, fmt.Sprint(x))
		}
		return out
	case float64:
		return []string{strings.TrimSuffix(fmt.Sprintf("%f", t), ".000000")}
	default:
		return []string{fmt.Sprint(t)}
	}
}

func setAll(f *pflag.Flag, vals []string, fromEnv bool) error {
	if sv, ok := f.Value.(pflag.SliceValue); ok && !fromEnv {
		return sv.Replace(vals) // a JSON list: one value per item
	}
	for _, v := range vals { // PODIUM_TARGET=a,b: a slice flag splits on commas itself
		if err := f.Value.Set(v); err != nil {
			return err
		}
	}
	return nil
}
