package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"podium.dev/agent/internal/client"
	"podium.dev/agent/internal/resume"
	"podium.dev/agent/internal/run"
	"podium.dev/agent/internal/sign"
	"podium.dev/agent/internal/spool"
	"podium.dev/agent/internal/suite"
)

// notRunFlags may differ between a run and its resumption: where the agent's files are, where runs are sent, how
// the spool is pushed and how big an envelope may be decide nothing about what is measured.
var notRunFlags = []string{"resume", "push", "server", "config", "home", "spool", "key", "output", "help", "max-envelope-bytes"}

// runFlagValues are the run's flags that decide what is measured and how, by name: the value given or the default.
func runFlagValues(cmd *cobra.Command) map[string]string {
	out := map[string]string{}
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if !slices.Contains(notRunFlags, f.Name) {
			out[f.Name] = f.Value.String()
		}
	})
	return out
}

// runState is the state of the run to measure: the interrupted one with --resume (when its flags are the same), else
// a new one, saying so when it leaves an interrupted run behind.
func runState(cmd *cobra.Command, g *globals, f *runFlags, baseline string) (*resume.State, error) {
	last, err := resume.Load(g.home)
	if err != nil {
		return nil, err
	}
	flags := runFlagValues(cmd)
	runID := ""
	if f.runKey != "" {
		runID = run.RunIDOf(f.runKey)
	}
	if f.resume && runID != "" && (last == nil || last.RunID != runID) {
		// a run this home has no state of: continue it from what the service holds (another host of the class)
		return stateFromService(cmd, g, runID, baseline, flags)
	}
	if f.resume {
		switch {
		case last == nil:
			return nil, usageError{fmt.Errorf("--resume: no run to resume in %s (run without --resume)", g.home)}
		case last.Finished:
			return nil, usageError{fmt.Errorf("--resume: the last run in %s, %s, finished: nothing to resume (run without --resume)", g.home, last.RunID)}
		}
		if d := resume.Differences(last.Flags, flags); len(d) > 0 {
			return nil, usageError{fmt.Errorf("--resume: run %s was started with other flags: %s (resume with the same flags, or run without --resume to start a new run)",
				last.RunID, strings.Join(d, "; "))}
		}
		if err := adoptSpooled(&spool.Spool{Dir: g.spool}, last, baseline); err != nil {
			return nil, err
		}
		if err := last.Save(g.home); err != nil {
			return nil, err
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "resuming run %s (started %s): %s\n", last.RunID, last.StartedAt, last.Progress())
		return last, nil
	}
	if last.Interrupted() {
		fmt.Fprintf(cmd.ErrOrStderr(), "run %s in %s was interrupted (%s): it can be resumed with `podium-agent run --resume` and its flags; starting a new run\n",
			last.RunID, g.home, last.Progress())
	}
	state := resume.New(flags, time.Now().UTC().Format(time.RFC3339Nano))
	if runID != "" {
		if f.push {
			if err := notHeld(cmd, g, runID, f.runKey); err != nil {
				return nil, err
			}
		}
		state.RunID = runID
	}
	return state, state.Save(g.home)
}

// stateFromService is the state of run runID rebuilt from the parts the service holds (resume.FromService), saved in
// this home: --resume on a host that did not start the run.
func stateFromService(cmd *cobra.Command, g *globals, runID, baseline string, flags map[string]string) (*resume.State, error) {
	key, err := sign.LoadKey(g.key)
	if err != nil {
		return nil, usageError{err}
	}
	st, err := resume.FromService(cmd.Context(), g.service(cmd), runID, baseline, key.Public(), flags)
	if errors.Is(err, resume.ErrNotHeld) {
		// interrupted before its first part was kept (in rounds: before a target's last round): measured from the start
		fmt.Fprintf(cmd.ErrOrStderr(), "%s holds no part of run %s: measuring it from the start\n", g.server, runID)
		st = resume.New(flags, time.Now().UTC().Format(time.RFC3339Nano))
		st.RunID = runID
		return st, st.Save(g.home)
	}
	if err != nil {
		return nil, usageError{fmt.Errorf("--resume: %w", err)}
	}
	if err := st.Save(g.home); err != nil {
		return nil, err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "resuming run %s (started %s) from what %s holds: %s in %d parts\n", st.RunID, st.StartedAt, g.server,
		st.Progress(), st.NextPart-1)
	return st, nil
}

// notHeld refuses to start run runID afresh when the service already holds parts of it: their ids would be this
// run's too, and the service keeps the first of each (the new cells would be refused as already delivered).
func notHeld(cmd *cobra.Command, g *globals, runID, key string) error {
	_, _, err := g.service(cmd).Do(cmd.Context(), client.Request{Method: http.MethodGet, Path: "/api/runs/" + runID + "/parts"})
	if e := (*client.Error)(nil); errors.As(err, &e) && e.Status == http.StatusNotFound {
		return nil
	}
	if err != nil {
		return fmt.Errorf("asking %s whether it holds run %s (--run-key %s): %w", g.server, runID, key, err)
	}
	return usageError{fmt.Errorf("--run-key %s: %s already holds parts of that run (%s): continue it with --resume, or give another key", key, g.server, runID)}
}

// adoptSpooled finishes the bookkeeping a kill cut short: parts spooled after the state was last saved (the agent
// died between the two writes) are kept when they hold a whole target (their last part names it), and removed when
// they hold only the first cells of a split one, which is measured again under the same ids. Parts already delivered
// are not in the spool: such a target is measured again and its new part refused by the service (409), which keeps
// the first; no cell is stored twice either way.
func adoptSpooled(sp *spool.Spool, st *resume.State, baseline string) error {
	var pending []*run.Run
	for i := st.NextPart; i < st.NextPart+maxPartsPerTarget; i++ {
		b, err := os.ReadFile(filepath.Join(sp.Dir, spool.PendingDir, run.PartID(st.RunID, i)+".dsse.json"))
		if errors.Is(err, os.ErrNotExist) {
			break
		}
		if err != nil {
			return err
		}
		p, err := spooledPart(b)
		if err != nil || p.Part == nil || p.Part.RunID != st.RunID || p.Part.Index != i {
			break // not a whole part of this run: removed below
		}
		pending = append(pending, p)
		if len(p.Part.Targets) == 0 {
			continue // the first cells of a split target
		}
		for _, q := range pending {
			if t := p.Part.Targets[0]; t.Target == baseline {
				st.Baseline = append(st.Baseline, q.Results...)
			}
		}
		st.Kept = append(st.Kept, p.Part.Targets...)
		st.NextPart, pending = i+1, nil
	}
	for i := st.NextPart; i < st.NextPart+maxPartsPerTarget; i++ {
		if err := sp.Remove(run.PartID(st.RunID, i)); err != nil {
			return err
		}
	}
	return nil
}

// spooledPart is the payload of a spooled envelope of this agent's.
func spooledPart(envelope []byte) (*run.Run, error) {
	e, err := sign.ParseEnvelope(envelope)
	if err != nil {
		return nil, err
	}
	b, err := base64.StdEncoding.DecodeString(e.Payload)
	if err != nil {
		return nil, err
	}
	var p run.Run
	return &p, json.Unmarshal(b, &p)
}

// maxPartsPerTarget bounds how many parts one target's cells are split into (at 1 MiB envelopes, far more than a
// profile has cells).
const maxPartsPerTarget = 64

// keepPart signs and spools one target's cells as the run's next part(s), and records them in the state (saved by
// the caller): a part is in the spool before the state says so.
func keepPart(cmd *cobra.Command, key *sign.Key, sp *spool.Spool, state *resume.State, maxEnvelope int, cells *run.Run, target run.PartTarget, baseline *suite.Target) error {
	parts, err := cells.Parts(state.RunID, state.NextPart, state.Planned, target, maxEnvelope)
	if err != nil {
		return err
	}
	if len(parts) > maxPartsPerTarget {
		return fmt.Errorf("%s: %d parts, more than %d: raise --max-envelope-bytes", target.TargetSlot, len(parts), maxPartsPerTarget)
	}
	for _, part := range parts {
		b, err := part.Marshal()
		if err != nil {
			return err
		}
		path, err := sp.Add(part.RunID, key.Sign(b).Marshal())
		if err != nil {
			return err
		}
		fmt.Fprintf(cmd.OutOrStdout(), "run %s part %d (%s, %s): %d cells, spooled at %s\n", state.RunID, part.Part.Index,
			target.TargetSlot, target.Status, len(part.Results), path)
	}
	state.NextPart += len(parts)
	state.Kept = append(state.Kept, target)
	if baseline != nil && target.Target == baseline.Name {
		state.Baseline = append(state.Baseline, cells.Results...)
	}
	return nil
}

// resumeCommand is this command line with --resume.
func resumeCommand() string {
	args := slices.DeleteFunc(slices.Clone(os.Args[1:]), func(a string) bool { return a == "--resume" || a == "--resume=true" })
	return "podium-agent " + strings.Join(slices.Insert(args, min(1, len(args)), "--resume"), " ")
}

// backgroundPush pushes the spool after each part while the run goes on; a nil one does nothing.
type backgroundPush struct {
	wake chan struct{}
	done chan struct{}
	mu   sync.Mutex
	err  error
}

// startPush starts pushing in the background; its attempts are few and short: what it leaves, the push at the end
// (or a later `podium-agent push`) sends.
func startPush(cmd *cobra.Command, g *globals) *backgroundPush {
	p := &backgroundPush{wake: make(chan struct{}, 1), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		for range p.wake {
			ctx, cancel := context.WithTimeout(cmd.Context(), 2*time.Minute)
			err := pushSpoolUntil(ctx, cmd, g, 3, 5*time.Second)
			cancel()
			p.mu.Lock()
			p.err = err
			p.mu.Unlock()
		}
	}()
	return p
}

// kick asks for a push (one is pending at most).
func (p *backgroundPush) kick() {
	if p == nil {
		return
	}
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// stop waits for the push under way and returns the last push's error.
func (p *backgroundPush) stop() error {
	if p == nil {
		return nil
	}
	close(p.wake)
	<-p.done
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}
