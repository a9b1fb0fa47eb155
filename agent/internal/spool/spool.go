// Package spool keeps signed runs on disk until the service has them: every write is fsynced (file and
// folder, write-temp-then-rename), so a crash at any point loses nothing and leaves no half-written run.
package spool

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Layout under the spool folder.
const (
	PendingDir   = "pending"            // <runId>.dsse.json: signed, not yet accepted by the service
	RejectedDir  = "rejected"           // <runId>.dsse.json + <runId>.problem.json: refused for good
	LastDelivery = "last-delivery.json" // the last accepted run
	envelopeExt  = ".dsse.json"
	problemExt   = ".problem.json"
)

// Spool is a spool folder.
type Spool struct{ Dir string }

// Open creates the spool's folders if needed.
func Open(dir string) (*Spool, error) {
	for _, d := range []string{PendingDir, RejectedDir} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o700); err != nil {
			return nil, fmt.Errorf("spool %s: %w", dir, err)
		}
	}
	removeStaleTemps(filepath.Join(dir, PendingDir))
	return &Spool{Dir: dir}, nil
}

// removeStaleTemps deletes temp files that a write killed before its rename left behind (an hour old:
// never one that a running agent is writing now).
func removeStaleTemps(dir string) {
	temps, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*"))
	for _, t := range temps {
		if st, err := os.Stat(t); err == nil && time.Since(st.ModTime()) > time.Hour {
			os.Remove(t)
		}
	}
}

// CheckRoom writes and removes a file of reserve bytes in pending/ (fsynced), so that a full or read-only
// spool is found before a run spends its time measuring, not when the measured run cannot be written.
func (s *Spool) CheckRoom(reserve int) error {
	dir := filepath.Join(s.Dir, PendingDir)
	f, err := os.CreateTemp(dir, ".room-check.tmp-*")
	if err != nil {
		return fmt.Errorf("spool %s is not writable: %w", s.Dir, err)
	}
	defer os.Remove(f.Name())
	defer f.Close()
	if _, err := f.Write(make([]byte, reserve)); err != nil {
		return fmt.Errorf("spool %s has no room for a run of %d bytes: %w", s.Dir, reserve, err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("spool %s has no room for a run of %d bytes: %w", s.Dir, reserve, err)
	}
	return nil
}

// Entry is one spooled run.
type Entry struct {
	RunID string
	Path  string
	Size  int64
	MTime time.Time
}

// Add writes a signed envelope for runID to pending/ durably.
func (s *Spool) Add(runID string, envelope []byte) (string, error) {
	if runID == "" || strings.ContainsAny(runID, `/\`) || strings.HasPrefix(runID, ".") {
		return "", fmt.Errorf("spool: bad run id %q", runID)
	}
	path := filepath.Join(s.Dir, PendingDir, runID+envelopeExt)
	if err := WriteFile(path, envelope, 0o600); err != nil {
		return "", fmt.Errorf("spool run %s: %w", runID, err)
	}
	return path, nil
}

// Remove deletes runID's envelope from pending/ if it is there (durably); it is not an error when it is not.
func (s *Spool) Remove(runID string) error {
	err := os.Remove(filepath.Join(s.Dir, PendingDir, runID+envelopeExt))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return syncDir(filepath.Join(s.Dir, PendingDir))
}

// Pending lists the runs waiting for delivery, oldest first.
func (s *Spool) Pending() ([]Entry, error) { return s.list(PendingDir) }

// Rejected lists the runs the service refused.
func (s *Spool) Rejected() ([]Entry, error) { return s.list(RejectedDir) }

func (s *Spool) list(sub string) ([]Entry, error) {
	des, err := os.ReadDir(filepath.Join(s.Dir, sub))
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, de := range des {
		name := de.Name()
		if !strings.HasSuffix(name, envelopeExt) || strings.HasPrefix(name, ".") {
			continue // temp files of an interrupted write, problem files
		}
		info, err := de.Info()
		if err != nil {
			continue
		}
		out = append(out, Entry{RunID: strings.TrimSuffix(name, envelopeExt), Path: filepath.Join(s.Dir, sub, name),
			Size: info.Size(), MTime: info.ModTime()})
	}
	slices.SortFunc(out, func(a, b Entry) int { return a.MTime.Compare(b.MTime) })
	return out, nil
}

// Delivery records an accepted run.
type Delivery struct {
	RunID  string    `json:"runId"`
	ID     string    `json:"id,omitempty"`
	Status int       `json:"status"`
	Server string    `json:"server"`
	At     time.Time `json:"at"`
}

// Delivered records the delivery, then removes the run from pending/ (in that order: a crash in between
// only means the run is sent again, which the service answers with 200).
func (s *Spool) Delivered(e Entry, d Delivery) error {
	b, _ := json.MarshalIndent(d, "", "  ")
	if err := WriteFile(filepath.Join(s.Dir, LastDelivery), append(b, '\n'), 0o600); err != nil {
		return err
	}
	if err := os.Remove(e.Path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return syncDir(filepath.Dir(e.Path))
}

// Reject moves a run to rejected/ with the service's reason beside it.
func (s *Spool) Reject(e Entry, problem []byte) error {
	dir := filepath.Join(s.Dir, RejectedDir)
	if err := WriteFile(filepath.Join(dir, e.RunID+problemExt), problem, 0o600); err != nil {
		return err
	}
	if err := os.Rename(e.Path, filepath.Join(dir, e.RunID+envelopeExt)); err != nil {
		return fmt.Errorf("move run %s to rejected: %w", e.RunID, err)
	}
	if err := syncDir(dir); err != nil {
		return err
	}
	return syncDir(filepath.Dir(e.Path))
}

// Problem reads the reason stored beside a rejected run.
func (s *Spool) Problem(runID string) ([]byte, error) {
	return os.ReadFile(filepath.Join(s.Dir, RejectedDir, runID+problemExt))
}

// Last is the last delivery, or nil when nothing was delivered yet.
func (s *Spool) Last() (*Delivery, error) {
	b, err := os.ReadFile(filepath.Join(s.Dir, LastDelivery))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var d Delivery
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, fmt.Errorf("%s: %w", LastDelivery, err)
	}
	return &d, nil
}

// ErrLocked means another podium-agent holds the spool.
var ErrLocked = errors.New("another podium-agent push is using this spool")

// Lock takes the spool's exclusive lock (so two pushes never send the same run at once); call the
// returned function to release it.
func (s *Spool) Lock() (func(), error) {
	f, err := os.OpenFile(filepath.Join(s.Dir, ".lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", s.Dir, ErrLocked)
	}
	return func() { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, nil
}

// WriteFile writes data to path durably: a temp file in the same folder, fsync, rename, fsync of the folder.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	fail := func(err error) error { f.Close(); os.Remove(tmp); return err }
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Chmod(perm); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(dir)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
