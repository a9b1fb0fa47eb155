package spool

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSpool(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		run  func(t *testing.T, s *Spool)
	}{
		{"added runs are pending, oldest first", func(t *testing.T, s *Spool) {
			for _, id := range []string{"b", "a"} {
				p, err := s.Add(id, []byte(`{"id":"`+id+`"}`))
				if err != nil {
					t.Fatal(err)
				}
				old := time.Now().Add(-time.Hour)
				if id == "b" {
					os.Chtimes(p, old, old)
				}
			}
			got, err := s.Pending()
			if err != nil || len(got) != 2 || got[0].RunID != "b" || got[1].RunID != "a" {
				t.Fatalf("pending %+v, %v", got, err)
			}
		}},
		{"an interrupted write leaves no pending run", func(t *testing.T, s *Spool) {
			// What a crash between create and rename leaves behind.
			os.WriteFile(filepath.Join(s.Dir, PendingDir, ".x.dsse.json.tmp-123"), []byte("{"), 0o600)
			got, _ := s.Pending()
			if len(got) != 0 {
				t.Fatalf("a temp file shows as pending: %+v", got)
			}
			old := time.Now().Add(-2 * time.Hour)
			os.Chtimes(filepath.Join(s.Dir, PendingDir, ".x.dsse.json.tmp-123"), old, old)
			Open(s.Dir)
			if left, _ := filepath.Glob(filepath.Join(s.Dir, PendingDir, ".*")); len(left) != 0 {
				t.Errorf("a stale temp file survived: %v", left)
			}
		}},
		{"a rejected run moves with its reason", func(t *testing.T, s *Spool) {
			s.Add("r1", []byte("{}"))
			p, _ := s.Pending()
			if err := s.Reject(p[0], []byte(`{"status":422,"field":"results[0].vcpus"}`)); err != nil {
				t.Fatal(err)
			}
			if p, _ := s.Pending(); len(p) != 0 {
				t.Fatalf("still pending: %+v", p)
			}
			r, _ := s.Rejected()
			reason, err := s.Problem("r1")
			if len(r) != 1 || err != nil || !strings.Contains(string(reason), "results[0].vcpus") {
				t.Fatalf("rejected %+v, reason %q, %v", r, reason, err)
			}
		}},
		{"a delivered run leaves the spool and is remembered", func(t *testing.T, s *Spool) {
			s.Add("d1", []byte("{}"))
			p, _ := s.Pending()
			if err := s.Delivered(p[0], Delivery{RunID: "d1", ID: "7", Status: 201, Server: "http://x", At: time.Now()}); err != nil {
				t.Fatal(err)
			}
			last, err := s.Last()
			if err != nil || last == nil || last.RunID != "d1" || last.Status != 201 {
				t.Fatalf("last %+v, %v", last, err)
			}
			if p, _ := s.Pending(); len(p) != 0 {
				t.Fatalf("still pending: %+v", p)
			}
		}},
		{"a run id cannot escape the spool", func(t *testing.T, s *Spool) {
			if _, err := s.Add("../evil", []byte("{}")); err == nil {
				t.Fatal("accepted a run id with a slash")
			}
		}},
		{"a second push cannot take the lock", func(t *testing.T, s *Spool) {
			unlock, err := s.Lock()
			if err != nil {
				t.Fatal(err)
			}
			defer unlock()
			if _, err := (&Spool{Dir: s.Dir}).Lock(); err == nil {
				t.Fatal("two holders of the spool lock")
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := Open(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			tc.run(t, s)
		})
	}
}
