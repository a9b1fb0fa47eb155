// Package testtarget is a tiny target that honours the scenario contract, and a reference service, for
// the agent's tests and benchmark; a Broken option makes it break one scenario on purpose.
package testtarget

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"podium.dev/agent/internal/port"
)

// ReferenceBody is what the reference service answers on /reference.
const ReferenceBody = `{"id":1,"message":"Hello from the reference service"}`

// Handler serves /plaintext, /json, /delay, /proxy (relaying referenceURL), /db, /queries and /fortunes; broken
// names a scenario to answer wrongly ("" for none).
func Handler(referenceURL, broken string) http.Handler {
	mux := http.NewServeMux()
	text := func(w http.ResponseWriter, body string) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, body)
	}
	mux.HandleFunc("GET /plaintext", func(w http.ResponseWriter, _ *http.Request) {
		if broken == "plaintext" {
			text(w, "Hello, world")
			return
		}
		text(w, "Hello, World!")
	})
	mux.HandleFunc("GET /json", func(w http.ResponseWriter, _ *http.Request) {
		if broken != "json" {
			w.Header().Set("Content-Type", "application/json")
		}
		io.WriteString(w, `{"message":"Hello, World!"}`)
	})
	mux.HandleFunc("GET /delay", func(w http.ResponseWriter, r *http.Request) {
		ms, _ := strconv.Atoi(r.URL.Query().Get("ms"))
		if broken != "delay" {
			time.Sleep(time.Duration(ms) * time.Millisecond)
		}
		text(w, "Hello, World!")
	})
	client := &http.Client{Timeout: 10 * time.Second}
	mux.HandleFunc("GET /proxy", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if broken == "proxy" { // answers the right body without calling the reference service
			io.WriteString(w, ReferenceBody)
			return
		}
		resp, err := client.Get(referenceURL)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		io.Copy(w, resp.Body)
	})
	// The read-only db scenarios from the rows schema.sql loads (computed, not read: this target has no driver), and
	// /fortunes as the page at $PODIUM_TEST_FORTUNES. It reads PODIUM_TARGET_DB_POOL only to prove the agent passed it.
	world := func() map[string]int {
		id := 1 + rand.IntN(10000)
		return map[string]int{"id": id, "randomNumber": 1 + (id*7919)%10000}
	}
	db := func(w http.ResponseWriter, r *http.Request, many bool) {
		if os.Getenv("PODIUM_TARGET_DB_POOL") == "" {
			http.Error(w, "no PODIUM_TARGET_DB_POOL", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if !many {
			_ = json.NewEncoder(w).Encode(world())
			return
		}
		n, err := strconv.Atoi(r.URL.Query().Get("n"))
		n = min(max(n, 1), 500)
		if err != nil {
			n = 1
		}
		rows := make([]map[string]int, n)
		for i := range rows {
			rows[i] = world()
		}
		_ = json.NewEncoder(w).Encode(rows)
	}
	mux.HandleFunc("GET /db", func(w http.ResponseWriter, r *http.Request) { db(w, r, false) })
	mux.HandleFunc("GET /queries", func(w http.ResponseWriter, r *http.Request) { db(w, r, true) })
	mux.HandleFunc("GET /fortunes", func(w http.ResponseWriter, _ *http.Request) {
		page, err := os.ReadFile(os.Getenv("PODIUM_TEST_FORTUNES"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(page)
	})
	return mux
}

// Reference is the reference service: /reference and /stats (how many /reference calls it answered).
func Reference() http.Handler {
	var n atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("GET /reference", func(w http.ResponseWriter, _ *http.Request) {
		n.Add(1)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, ReferenceBody)
	})
	mux.HandleFunc("GET /stats", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"requests":%d}`, n.Load())
	})
	return mux
}

// FreePort is a free loopback port (see package port).
func FreePort() (int, error) { return port.Free() }

// ConnCounting starts a test server of h that counts in conns each connection a client opens to it; the server is
// closed when the test ends.
func ConnCounting(t testing.TB, h http.Handler, conns *atomic.Int64) *httptest.Server {
	t.Helper()
	s := httptest.NewUnstartedServer(h)
	s.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			conns.Add(1)
		}
	}
	s.Start()
	t.Cleanup(s.Close)
	return s
}

// Port is a free loopback port for a test, which fails when there is none. No two calls hand out the same
// port while the test binaries that took them run: `go test` runs the packages' binaries side by side, and
// t.Parallel tests within one, and each picks a port some time before its target binds it. A port is held by
// an exclusive lock on a file named after it in the temporary folder, kept until the process exits.
func Port(t testing.TB) int {
	t.Helper()
	for range 50 {
		p, err := port.Free()
		if err != nil {
			t.Fatal(err)
		}
		if reserve(p) {
			return p
		}
	}
	t.Fatal("no free port that another test has not taken")
	return 0
}

var reserved = struct {
	sync.Mutex
	files map[int]*os.File
}{files: map[int]*os.File{}}

// reserve holds port p for this process, false when this process or another test process holds it already.
func reserve(p int) bool {
	reserved.Lock()
	defer reserved.Unlock()
	if _, ok := reserved.files[p]; ok {
		return false
	}
	f, err := os.OpenFile(filepath.Join(os.TempDir(), fmt.Sprintf("podium-test-port-%d.lock", p)), os.O_CREATE|os.O_RDWR, 0o666)
	if err != nil {
		return true // no lock to take: the random pick alone keeps collisions rare
	}
	if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
		f.Close()
		return false
	}
	reserved.files[p] = f
	return true
}

// Main is the TestMain of a package whose test binary doubles as the targets: started as a child (see
// serveIfChild) the binary serves and never returns, else it runs the package's tests and exits with their status.
func Main(m *testing.M) {
	serveIfChild()
	os.Exit(m.Run())
}

// serveIfChild makes a test binary double as the targets: started with PODIUM_CONTRACT_SERVE=target it
// serves the contract (breaking $PODIUM_CONTRACT_BROKEN on purpose), with =reference the reference
// service, on 127.0.0.1:$PORT, and never returns; without it, it returns at once. With PODIUM_TEST_COUNTS set to a
// folder, a target counts the requests it answered and writes the count to <folder>/<port> when it is stopped
// (SIGTERM): a test of several instances behind a balancer sees that each one served. PODIUM_CONTRACT_STALL=PATH:N
// answers N requests to PATH, then stalls there (see stalling). PODIUM_CONTRACT_RATE=R answers at most R requests a
// second (limited).
func serveIfChild() {
	var h http.Handler
	switch os.Getenv("PODIUM_CONTRACT_SERVE") {
	case "target":
		h = Handler(os.Getenv("PODIUM_REFERENCE_URL"), os.Getenv("PODIUM_CONTRACT_BROKEN"))
	case "reference":
		h = Reference()
	default:
		return
	}
	if dir := os.Getenv("PODIUM_TEST_COUNTS"); dir != "" {
		h = counted(h, filepath.Join(dir, os.Getenv("PORT")))
	}
	if r, _ := strconv.ParseFloat(os.Getenv("PODIUM_CONTRACT_RATE"), 64); r > 0 {
		h = Limited(h, r)
	}
	if us, _ := strconv.Atoi(os.Getenv("PODIUM_CONTRACT_SPIN_US")); us > 0 {
		h = spinning(h, time.Duration(us)*time.Microsecond)
	}
	if path, after, ok := strings.Cut(os.Getenv("PODIUM_CONTRACT_STALL"), ":"); ok {
		n, _ := strconv.ParseInt(after, 10, 64)
		h = stalling(h, path, n)
	}
	http.ListenAndServe("127.0.0.1:"+os.Getenv("PORT"), h)
	os.Exit(1)
}

// Limited answers at most r requests a second (a token bucket of one token: a request waits for its turn), a target
// whose throughput is its setting whatever the host does while it is under that, for the A/B tests: two variants
// limited to r and 0.9 r are 10% apart by construction.
func Limited(h http.Handler, r float64) http.Handler {
	lim := rate.NewLimiter(rate.Limit(r), 1)
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if err := lim.Wait(req.Context()); err != nil {
			return // the client went away
		}
		h.ServeHTTP(w, req)
	})
}

// spinning makes every request cost at least d of busy CPU before h answers it: a target whose capacity on one CPU
// is known (at most 1/d requests/s), for the cost cells' tests.
func spinning(h http.Handler, d time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for start := time.Now(); time.Since(start) < d; {
		}
		h.ServeHTTP(w, r)
	})
}

// stalling answers the first n requests to path, then none: each later one waits until its client goes away (a
// target that passes validation and stalls under load, as quarkus-rest's proxy did at 256 connections).
func stalling(h http.Handler, path string, n int64) http.Handler {
	var answered atomic.Int64
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == path && answered.Add(1) > n {
			<-r.Context().Done()
			return
		}
		h.ServeHTTP(w, r)
	})
}

// counted counts the requests h answers and writes the count to path on SIGTERM, then exits.
func counted(h http.Handler, path string) http.Handler {
	var n atomic.Int64
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM)
	go func() {
		<-stop
		_ = os.WriteFile(path, []byte(strconv.FormatInt(n.Load(), 10)), 0o644)
		os.Exit(0)
	}()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h.ServeHTTP(w, r)
	})
}
