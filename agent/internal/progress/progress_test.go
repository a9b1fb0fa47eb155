package progress

import (
	"bytes"
	"strings"
	"testing"
)

func TestPlainLinesWhenNotATerminal(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	d := New(&b)
	d.Plan(3)
	d.Cell(1, "netty plaintext closed c=16 k=1")
	d.Rate(35000)
	d.Done()
	d.Finish()
	out := b.String()
	if !strings.Contains(out, "cell 1/3 netty plaintext closed c=16 k=1\n") || strings.Contains(out, "\r") || strings.Contains(out, "\033") {
		t.Errorf("want plain log lines without terminal control codes, got %q", out)
	}
}

func TestStatusLineOnATerminal(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	d := &Display{w: &b, live: true}
	d.Plan(4)
	d.Cell(2, "vertx-web json closed c=64 k=2")
	d.Rate(120345)
	out := b.String()
	if !strings.Contains(out, "[2/4] vertx-web json closed c=64 k=2 | 120345 req/s | ETA") {
		t.Errorf("no status line: %q", out)
	}
}
