package rawoutput

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"strings"
	"testing"
)

func TestTheTextSurvivesEncoding(t *testing.T) {
	t.Parallel()
	var l Log
	l.Add("warm-up window 1", []byte("Running 5s test @ http://127.0.0.1:1/\nRequests/sec: 100.00\n"))
	l.Add("repeat 1", []byte("no newline at the end"))
	var later Log
	later.Add("start 2, repeat 1", []byte("x\n"))
	l.Append(later)
	s, err := l.Encode(MaxEncoded)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(s)
	if err != nil {
		t.Fatal(err)
	}
	want := "== warm-up window 1\nRunning 5s test @ http://127.0.0.1:1/\nRequests/sec: 100.00\n== repeat 1\nno newline at the end\n== start 2, repeat 1\nx\n"
	if string(got) != want {
		t.Errorf("decoded %q, want %q", got, want)
	}
	var empty Log
	if s, _ := empty.Encode(MaxEncoded); s != "" {
		t.Errorf("an empty log encodes to %q, want nothing", s)
	}
}

func TestAnOutputOverTheLimitIsCutAndSaysSo(t *testing.T) {
	t.Parallel()
	var l Log
	for i := range 200 { // random text does not compress: about 2 x 200 x 1 KiB of hex
		b := make([]byte, 1024)
		_, _ = rand.Read(b)
		l.Add("repeat "+strings.Repeat("i", i%3+1), []byte(hex.EncodeToString(b)))
	}
	limit := 64 << 10
	s, err := l.Encode(limit)
	if err != nil {
		t.Fatal(err)
	}
	if len(s) > limit {
		t.Fatalf("encoded to %d characters, over the %d limit", len(s), limit)
	}
	got, err := Decode(s)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(l.Text(), got[:bytes.LastIndex(got, []byte("\n== truncated"))]) ||
		!bytes.Contains(got, []byte("bytes of raw output dropped to stay within the 65536-byte limit")) {
		t.Errorf("the kept text is not the beginning of the output followed by the truncation line: ...%q", got[max(0, len(got)-200):])
	}
	if len(got) < limit/2 {
		t.Errorf("kept %d bytes of text under a %d limit: cut far more than needed", len(got), limit)
	}
}
