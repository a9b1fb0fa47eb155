// Package check validates a running target against the scenario contract (agent/suite/README.md) before it
// is measured, as TechEmpower's verification does: status, content type and body where the contract fixes
// them (JSON compared parsed), the headers every target must send the same way (a Date header; every
// response framed by Content-Length or chunked, the same way each time), and keep-alive (a target that closes
// the connection after a response would be measured on connection set-up, not on serving requests).
package check

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"syscall"
	"time"
)

// The bodies the contract fixes.
const (
	PlaintextBody = "Hello, World!"
	JSONBody      = `{"message":"Hello, World!"}`
)

// Path is the request path of a scenario; delayMs only matters for delay.
func Path(scenario string, delayMs int) string {
	switch scenario {
	case "delay":
		return fmt.Sprintf("/delay?ms=%d", delayMs)
	case "queries": // the contract's measured request (agent/suite/db/README.md); check also asks other n
		return "/queries?n=20"
	case "updates":
		return "/updates?n=5"
	}
	return "/" + scenario
}

// Options says how to validate.
type Options struct {
	// ReferenceURL is the reference service's base URL (e.g. http://127.0.0.1:9090), for proxy.
	ReferenceURL string
	DelayMs      int           // the N of /delay?ms=N; 0: 100
	Requests     int           // requests per scenario, sent one after another on one connection; 0: 3
	Timeout      time.Duration // per response; 0: 30 s
	// FortunesPage is agent/suite/db/fortunes.html, for fortunes.
	FortunesPage []byte
	// World is the benchmark database, freshly loaded, for the db scenarios: rows are compared with what was
	// loaded and updates must change rows. nil: only their shape is checked.
	World World
}

func (o Options) requests() int {
	if o.Requests < 2 {
		return 3 // at least two, so that keep-alive and consistent framing are observed
	}
	return o.Requests
}

func (o Options) delayMs() int {
	if o.DelayMs <= 0 {
		return 100
	}
	return o.DelayMs
}

// Scenario validates one scenario of the target at baseURL; the error says what is wrong.
func Scenario(ctx context.Context, baseURL, scenario string, o Options) error {
	switch scenario {
	case "plaintext":
		return expect(ctx, baseURL, "/plaintext", "text/plain", bodyIs([]byte(PlaintextBody)), o, 0)
	case "json":
		return expect(ctx, baseURL, "/json", "application/json", jsonIs([]byte(JSONBody)), o, 0)
	case "delay":
		d := o.delayMs()
		return expect(ctx, baseURL, Path("delay", d), "text/plain", bodyIs([]byte(PlaintextBody)), o, time.Duration(d)*time.Millisecond)
	case "proxy":
		return proxy(ctx, baseURL, o)
	case "db", "queries", "updates", "fortunes":
		if scenario == "fortunes" && len(o.FortunesPage) == 0 {
			return errors.New("no fortunes.html to check /fortunes against")
		}
		return dbScenario(ctx, baseURL, scenario, o.FortunesPage, o.World, o)
	}
	return fmt.Errorf("unknown scenario %q", scenario)
}

func proxy(ctx context.Context, baseURL string, o Options) error {
	if o.ReferenceURL == "" {
		return errors.New("no reference service to check proxy against")
	}
	want, err := fetch(ctx, o.ReferenceURL, "/reference", 1, o)
	if err != nil {
		return fmt.Errorf("reference service: %w", err)
	}
	before, err := ReferenceCount(ctx, o.ReferenceURL)
	if err != nil {
		return err
	}
	// The reference's body is relayed unchanged: bytes, not parsed JSON.
	if err := expect(ctx, baseURL, "/proxy", "application/json", bodyIs(want[0].body), o, 0); err != nil {
		return err
	}
	after, err := ReferenceCount(ctx, o.ReferenceURL)
	if err != nil {
		return err
	}
	// n calls must make n reference calls: a target that caches the answer fails.
	if n := int64(o.requests()); after-before < n {
		return fmt.Errorf("%d calls of /proxy made %d calls of the reference service (its /stats counter): /proxy must call it every time", n, after-before)
	}
	return nil
}

// ReferenceCount is the reference service's /stats counter: how many /reference calls it answered.
func ReferenceCount(ctx context.Context, referenceURL string) (int64, error) {
	rs, err := fetch(ctx, referenceURL, "/stats", 1, Options{})
	if err != nil {
		return 0, fmt.Errorf("reference service /stats: %w", err)
	}
	var s struct {
		Requests *int64 `json:"requests"`
	}
	if err := json.Unmarshal(rs[0].body, &s); err != nil || s.Requests == nil {
		return 0, fmt.Errorf("reference service /stats answered %q, not {\"requests\":N}", rs[0].body)
	}
	return *s.Requests, nil
}

// response is one answer as it came off the wire.
type response struct {
	status      int
	contentType string
	date        string
	framing     string // "Content-Length" or "chunked"
	body        []byte
	took        time.Duration
}

type bodyCheck func(got []byte) error

func bodyIs(want []byte) bodyCheck {
	return func(got []byte) error {
		if !bytes.Equal(got, want) {
			return fmt.Errorf("body %q, want %q", truncate(got, 200), want)
		}
		return nil
	}
}

func jsonIs(want []byte) bodyCheck {
	var w any
	if err := json.Unmarshal(want, &w); err != nil {
		panic(err)
	}
	return func(got []byte) error {
		var g any
		if err := json.Unmarshal(got, &g); err != nil || !reflect.DeepEqual(g, w) {
			return fmt.Errorf("body %q, want JSON equal to %s", truncate(got, 200), want)
		}
		return nil
	}
}

// expect sends o.requests() GETs of path on one connection and checks every answer: status 200, media type,
// body, Date, framing consistent across the answers, the connection kept open, and no answer before minWait.
func expect(ctx context.Context, baseURL, path, mediaType string, body bodyCheck, o Options, minWait time.Duration) error {
	rs, err := fetch(ctx, baseURL, path, o.requests(), o)
	if err != nil {
		return err
	}
	for i, r := range rs {
		what := fmt.Sprintf("GET %s (response %d of %d)", path, i+1, len(rs))
		if r.status != http.StatusOK {
			return fmt.Errorf("%s: status %d, want 200", what, r.status)
		}
		mt, _, err := mime.ParseMediaType(r.contentType)
		if err != nil || mt != mediaType {
			return fmt.Errorf("%s: content type %q, want %s", what, r.contentType, mediaType)
		}
		if err := body(r.body); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		if r.date == "" {
			return fmt.Errorf("%s: no Date header (every response must carry one, RFC 9110 6.6.1)", what)
		}
		if _, err := http.ParseTime(r.date); err != nil {
			return fmt.Errorf("%s: Date header %q is not an HTTP date", what, r.date)
		}
		if r.framing != rs[0].framing {
			return fmt.Errorf("%s: framed by %s, but response 1 by %s: every response must be framed the same way", what, r.framing, rs[0].framing)
		}
		if r.contentType != rs[0].contentType {
			return fmt.Errorf("%s: content type %q, but response 1 had %q", what, r.contentType, rs[0].contentType)
		}
		if r.took < minWait {
			return fmt.Errorf("%s: answered after %s, before the %d ms it was asked to wait", what, r.took.Round(time.Millisecond), minWait.Milliseconds())
		}
	}
	return nil
}

// fetch sends n GETs of path one after another on a single keep-alive connection, as wrk does, and reads
// each answer as it came: a connection closed (or announced closed) before the last answer is an error.
func fetch(ctx context.Context, baseURL, path string, n int, o Options) ([]response, error) {
	u, err := url.Parse(baseURL)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("bad base URL %q", baseURL)
	}
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	var d net.Dialer
	dctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	conn, err := d.DialContext(dctx, "tcp", u.Host)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	// a closed conn is the only way SetDeadline fails, and the read or write it guards then reports it
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Now()) })
	defer stop()
	br := bufio.NewReader(conn)
	full := strings.TrimSuffix(u.Path, "/") + path
	var out []response
	for i := range n {
		// The same request line and headers as wrk's: nothing that would change how the target answers.
		req := fmt.Sprintf("GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", full, u.Host)
		_ = conn.SetDeadline(time.Now().Add(timeout))
		start := time.Now()
		if _, err := io.WriteString(conn, req); err != nil {
			return nil, closedErr(full, i, err)
		}
		resp, err := http.ReadResponse(br, &http.Request{Method: http.MethodGet})
		if err != nil {
			return nil, closedErr(full, i, err)
		}
		b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		took := time.Since(start)
		if err != nil {
			return nil, fmt.Errorf("GET %s (response %d): reading the body: %w", full, i+1, err)
		}
		r := response{status: resp.StatusCode, contentType: resp.Header.Get("Content-Type"), date: resp.Header.Get("Date"),
			body: b, took: took}
		switch {
		case len(resp.TransferEncoding) > 0 && resp.TransferEncoding[0] == "chunked":
			r.framing = "chunked"
		case resp.ContentLength >= 0:
			r.framing = "Content-Length"
		default:
			return nil, fmt.Errorf("GET %s (response %d): neither Content-Length nor chunked: the body ends only when the connection closes", full, i+1)
		}
		out = append(out, r)
		if resp.Close && i < n-1 {
			return nil, fmt.Errorf("GET %s: response %d says Connection: close: the target must keep connections alive (wrk reuses them)", full, i+1)
		}
	}
	return out, nil
}

func closedErr(path string, i int, err error) error {
	if i > 0 && (errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)) {
		return fmt.Errorf("GET %s: the target closed the connection after response %d: it must keep connections alive (wrk reuses them)", path, i)
	}
	return fmt.Errorf("GET %s (request %d): %w", path, i+1, err)
}

func truncate(b []byte, n int) []byte {
	if len(b) > n {
		return append(b[:n:n], "..."...)
	}
	return b
}
