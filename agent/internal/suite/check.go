package suite

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"podium.dev/agent/internal/database"
)

// CheckOptions says where and how `podium-agent check` starts the targets.
type CheckOptions struct {
	Java          string
	ServerCPUs    string // CPUs the targets are pinned to
	ReferenceCPUs string // CPUs the reference service is pinned to
	DatabaseCPUs  string // CPUs the benchmark database is pinned to (db scenarios)
	VCPUs         int
	HealthWait    time.Duration
	DelayMs       int
	Logf          func(format string, args ...any)
}

// CheckResult is one target's verdict: it did not start, or these scenarios failed (none: it passed).
type CheckResult struct {
	Target   *Target
	StartErr error
	Failures []Failure
}

// OK reports whether the target started and passed every scenario.
func (r CheckResult) OK() bool { return r.StartErr == nil && len(r.Failures) == 0 }

// Reference is a running reference service.
type Reference struct {
	*Process
}

// URL is what a target gets as PODIUM_REFERENCE_URL.
func (r *Reference) URL() string {
	if r == nil {
		return ""
	}
	return r.BaseURL + "/reference"
}

// Base is the reference service's base URL, or "" when it is not running.
func (r *Reference) Base() string {
	if r == nil {
		return ""
	}
	return r.BaseURL
}

// StartReference starts the manifest's reference service.
func (m *Manifest) StartReference(ctx context.Context, o StartOptions) (*Reference, error) {
	if m.Reference == nil {
		return nil, errors.New("the manifest has no reference service")
	}
	p, err := m.Start(ctx, m.Reference, o)
	if err != nil {
		return nil, fmt.Errorf("reference service: %w", err)
	}
	return &Reference{p}, nil
}

// Check starts each target in turn, validates every scenario it declares, and stops it.
func (m *Manifest) Check(ctx context.Context, targets []*Target, o CheckOptions) []CheckResult {
	logf := o.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	var ref *Reference
	var refErr error
	if NeedsReference(targets) {
		logf("starting reference service %s", m.referenceName())
		ref, refErr = m.StartReference(ctx, StartOptions{Java: o.Java, CPUs: o.ReferenceCPUs, VCPUs: 1, HealthWait: o.HealthWait})
		if ref != nil {
			defer ref.Stop()
		}
	}
	db, dbErr := m.StartDatabase(ctx, targets, nil, o.DatabaseCPUs, 1, logf)
	if db != nil {
		defer db.Stop()
	}
	var out []CheckResult
	for _, t := range targets {
		if ctx.Err() != nil {
			out = append(out, CheckResult{Target: t, StartErr: ctx.Err()})
			continue
		}
		logf("checking %s (%s)", t.Name, strings.Join(t.Scenarios, ", "))
		r := CheckResult{Target: t}
		v := Validator{ReferenceURL: ref.Base(), DelayMs: o.DelayMs, DatabaseErr: dbErr}
		env, err := m.DatabaseFor(ctx, t, nil, db, &v)
		if err != nil {
			v.DatabaseErr = err
		}
		p, err := m.Start(ctx, t, StartOptions{Java: o.Java, CPUs: o.ServerCPUs, VCPUs: o.VCPUs, ReferenceURL: ref.URL(),
			HealthWait: o.HealthWait, Env: env})
		if err != nil {
			r.StartErr = err
			out = append(out, r)
			continue
		}
		r.Failures = v.Validate(ctx, p)
		if refErr != nil {
			for i, f := range r.Failures {
				if f.Scenario == "proxy" {
					r.Failures[i].Reason = refErr.Error()
				}
			}
		}
		p.Stop()
		out = append(out, r)
	}
	return out
}

// StartDatabase starts the benchmark database when one of the targets declares a db scenario (among scenarios,
// when not nil); otherwise it returns nil, nil. The error is what every db scenario will fail with. instances is the
// most instances of one target that run at once (an nginx-N topology's N), each with its own pool: the server's
// max_connections is raised above its default of 200 when their pools together would not fit.
func (m *Manifest) StartDatabase(ctx context.Context, targets []*Target, scenarios []string, cpus string, instances int,
	logf func(string, ...any)) (*database.Server, error) {
	if !NeedsDatabase(targets, scenarios) {
		return nil, nil
	}
	pools := 0
	for _, t := range targets {
		if t.Database != nil {
			pools = max(pools, t.Database.Pool*max(1, instances))
		}
	}
	logf("starting the benchmark database (PostgreSQL) on CPUs %s", cpus)
	db, err := database.Start(ctx, database.Options{Schema: m.SchemaSQL(), CPUs: cpus, MaxConnections: max(200, pools+20)})
	if err != nil {
		logf("%v: the db scenarios will fail", err)
		return nil, err
	}
	logf("  PostgreSQL %s on %s:%d", db.Version, db.Host, db.Port)
	return db, nil
}

// DatabaseFor readies the database for target t when it declares a db scenario (among scenarios, when not nil):
// the data loaded afresh, and v given the page and the database to check against. It returns the environment
// that tells the target where the database is.
func (m *Manifest) DatabaseFor(ctx context.Context, t *Target, scenarios []string, db *database.Server, v *Validator) ([]string, error) {
	if db == nil || !NeedsDatabase([]*Target{t}, scenarios) {
		return nil, nil
	}
	page, err := m.FortunesPage()
	if err != nil {
		return nil, err
	}
	if err := db.Reload(ctx); err != nil {
		return nil, fmt.Errorf("reload the benchmark database: %w", err)
	}
	v.FortunesPage, v.World = page, db
	return db.Env(t.Database.Pool), nil
}

func (m *Manifest) referenceName() string {
	if m.Reference == nil {
		return "(none)"
	}
	return m.Reference.Name
}
