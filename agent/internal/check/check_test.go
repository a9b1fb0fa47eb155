package check

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"podium.dev/agent/internal/testtarget"
)

// target serves the contract's plaintext and json, broken on purpose in the way named by broken.
func target(t *testing.T, broken string) string {
	t.Helper()
	var n atomic.Int64
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := n.Add(1)
		body, ctype := "Hello, World!", "text/plain"
		if r.URL.Path == "/json" {
			body, ctype = `{"message":"Hello, World!"}`, "application/json; charset=utf-8"
			if broken == "json-spaced" { // the same JSON, other bytes: compared parsed, it passes
				body = `{ "message" : "Hello, World!" }`
			}
		}
		switch broken {
		case "wrong-body":
			body = "Hello, world"
		case "wrong-type":
			ctype = "text/html"
		case "no-date":
			w.Header()["Date"] = nil // net/http adds Date unless the map holds a nil entry
		case "close":
			w.Header().Set("Connection", "close")
		case "wrong-status":
			w.WriteHeader(http.StatusCreated)
		}
		w.Header().Set("Content-Type", ctype)
		io.WriteString(w, body)
		if broken == "chunked-sometimes" && i%2 == 0 {
			w.(http.Flusher).Flush() // flushing before the handler returns makes net/http send it chunked
		}
	})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// silentCloser answers one correct response per connection and then closes it without saying so.
func silentCloser(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				buf := make([]byte, 4096)
				c.Read(buf)
				io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 13\r\nDate: "+
					time.Now().UTC().Format(http.TimeFormat)+"\r\n\r\nHello, World!")
			}()
		}
	}()
	return "http://" + ln.Addr().String()
}

func TestBrokenTargetsFailNamingWhatIsWrong(t *testing.T) {
	t.Parallel()
	tests := []struct {
		broken, scenario, want string
	}{
		{"wrong-body", "plaintext", `body "Hello, world", want "Hello, World!"`},
		{"wrong-type", "plaintext", `content type "text/html", want text/plain`},
		{"wrong-status", "json", "status 201, want 200"},
		{"no-date", "plaintext", "no Date header"},
		{"close", "plaintext", "Connection: close"},
		{"chunked-sometimes", "plaintext", "response 2 of 3): framed by chunked, but response 1 by Content-Length"},
	}
	for _, tc := range tests {
		t.Run(tc.broken, func(t *testing.T) {
			t.Parallel()
			err := Scenario(context.Background(), target(t, tc.broken), tc.scenario, Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
	t.Run("closes silently", func(t *testing.T) {
		t.Parallel()
		err := Scenario(context.Background(), silentCloser(t), "plaintext", Options{})
		if err == nil || !strings.Contains(err.Error(), "closed the connection after response 1") {
			t.Errorf("got %v, want the connection closed after response 1", err)
		}
	})
}

func TestACorrectTargetPasses(t *testing.T) {
	t.Parallel()
	for _, broken := range []string{"", "json-spaced"} {
		url := target(t, broken)
		for _, s := range []string{"plaintext", "json"} {
			if err := Scenario(context.Background(), url, s, Options{}); err != nil {
				t.Errorf("%q %s: %v", broken, s, err)
			}
		}
	}
}

func TestFetchKeepsOneConnection(t *testing.T) {
	t.Parallel()
	var conns atomic.Int64
	srv := testtarget.ConnCounting(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "Hello, World!")
	}), &conns)
	if err := Scenario(context.Background(), srv.URL, "plaintext", Options{Requests: 5}); err != nil {
		t.Fatal(err)
	}
	if n := conns.Load(); n != 1 {
		t.Errorf("5 requests used %d connections, want 1", n)
	}
}
