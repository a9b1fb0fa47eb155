// Package rawoutput keeps the load generator's own output (wrk's text, fortio's summary) of every warm-up window and
// repeat of a cell, as it printed it, so that anyone can check the figures against it: one text per cell, each run
// under a header line, gzip-compressed and base64-encoded into the signed payload (results[].rawOutput).
package rawoutput

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"fmt"
)

// MaxEncoded is the most a cell's rawOutput may hold (base64 characters; schema/run.v2.schema.json's maxLength):
// 256 KiB of base64, 192 KiB of gzip. A quick-profile cell's output compresses to a few KiB.
const MaxEncoded = 256 << 10

// Log is the text of one cell: each output under a "== title" line, in the order measured.
type Log struct {
	text []byte
}

// Add appends one run's output under a header line.
func (l *Log) Add(title string, out []byte) {
	l.text = fmt.Appendf(l.text, "== %s\n", title)
	l.text = append(l.text, out...)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		l.text = append(l.text, '\n')
	}
}

// Append adds another log's text after this one's (a cell's later JVM start).
func (l *Log) Append(o Log) { l.text = append(l.text, o.text...) }

// Text is the log's text.
func (l *Log) Text() []byte { return l.text }

// Encode is the log gzip-compressed and base64-encoded, "" for an empty log. A text whose encoding would exceed max
// characters keeps its beginning and ends with a line saying how many bytes were dropped: the limit holds and what is
// kept is still the generator's own output.
func (l *Log) Encode(max int) (string, error) {
	if len(l.text) == 0 {
		return "", nil
	}
	text := l.text
	for {
		s, err := encode(text)
		if err != nil || len(s) <= max {
			return s, err
		}
		keep := len(l.text) * max / len(s) * 9 / 10 // what compresses as the whole did, with a margin
		if keep >= len(text) {
			keep = len(text) * 9 / 10
		}
		text = fmt.Appendf(bytes.Clone(l.text[:keep]), "\n== truncated: %d bytes of raw output dropped to stay within the %d-byte limit\n",
			len(l.text)-keep, max)
		if keep == 0 {
			return encode(text)
		}
	}
}

func encode(text []byte) (string, error) {
	var b bytes.Buffer
	w, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := w.Write(text); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b.Bytes()), nil
}

// Decode is the text of an encoded log (for tests and checks).
func Decode(s string) ([]byte, error) {
	z, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, err
	}
	r, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if _, err := out.ReadFrom(r); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
