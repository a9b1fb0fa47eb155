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

// Home is the agent's folder: ~/.podium (the spool, the key and the config file live there by default).
func Home() string {
	if h := os.Getenv("PODIUM_HOME"); h != "" {
		return h
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ".podium"
	}
	return filepath.Join(home, ".podium")
}

// DefaultFile is the config file read when --config is not given.
func DefaultFile() string { return filepath.Join(Home(), "config.json") }

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
		if f.Changed || f.Name == "config" || f.Name == "help" {
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
