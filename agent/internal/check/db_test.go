package check

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// world is an in-memory copy of schema.sql's world table; it is also the World check reads.
type world struct {
	mu  sync.Mutex
	num [10001]int
}

func newWorld() *world {
	w := &world{}
	for id := 1; id <= 10000; id++ {
		w.num[id] = WorldRandomNumber(id)
	}
	return w
}

func (w *world) Changed(context.Context) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for id := 1; id <= 10000; id++ {
		if w.num[id] != WorldRandomNumber(id) {
			n++
		}
	}
	return n, nil
}

type row struct {
	ID           int `json:"id"`
	RandomNumber int `json:"randomNumber"`
}

// dbTarget serves the db routes from w, broken on purpose in the way named by broken; page is fortunes.html.
func dbTarget(t *testing.T, w *world, page []byte, broken string) string {
	t.Helper()
	read := func() row {
		id := 1 + rand.IntN(10000)
		w.mu.Lock()
		defer w.mu.Unlock()
		if broken == "constant" {
			return row{ID: 42, RandomNumber: 4242} // a canned answer, not a row of the database
		}
		return row{ID: id, RandomNumber: w.num[id]}
	}
	count := func(r *http.Request) int {
		n, err := strconv.Atoi(r.URL.Query().Get("n"))
		if err != nil || n < 1 {
			n = 1
		}
		if n > 500 && broken != "unclamped" {
			n = 500
		}
		return n
	}
	h := http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/db":
			rw.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(rw).Encode(read())
		case "/queries", "/updates":
			out := make([]row, count(r))
			for i := range out {
				out[i] = read()
				if r.URL.Path == "/updates" {
					out[i].RandomNumber = 1 + rand.IntN(10000)
					if broken != "no-write" {
						w.mu.Lock()
						w.num[out[i].ID] = out[i].RandomNumber
						w.mu.Unlock()
					}
				}
			}
			rw.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(rw).Encode(out)
		case "/fortunes":
			body := string(page)
			switch broken {
			case "engine": // a template engine's spelling and whitespace: the same page
				body = strings.ReplaceAll(strings.ReplaceAll(body, "&#39;", "&#x27;"), "</tr><tr>", "</tr>\n  <tr>")
			case "unescaped": // the message holding a script, sent as markup
				body = strings.Replace(strings.Replace(body, "&lt;script&gt;", "<script>", 1), "&lt;/script&gt;", "</script>", 1)
			case "missing-row":
				body = strings.Replace(body, fortuneRow(body, "4"), "", 1)
			case "unsorted": // rows 4 and 5 (next to each other) swapped
				r4, r5 := fortuneRow(body, "4"), fortuneRow(body, "5")
				body = strings.Replace(body, r4+r5, r5+r4, 1)
			}
			rw.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = rw.Write([]byte(body))
		default:
			http.NotFound(rw, r)
		}
	})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// fortuneRow is the <tr> of the fortune with this id in fortunes.html.
func fortuneRow(page, id string) string {
	i := strings.Index(page, "<tr><td>"+id+"</td>")
	return page[i : i+strings.Index(page[i:], "</tr>")+len("</tr>")]
}

func TestDBScenariosPassAConformingTargetAndNameWhatIsWrongWithABrokenOne(t *testing.T) {
	page, err := os.ReadFile("../../suite/db/fortunes.html")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		broken, scenario, want string // want: "" passes, else a part of the error
	}{
		{"", "db", ""},
		{"", "queries", ""},
		{"", "updates", ""},
		{"", "fortunes", ""},
		{"engine", "fortunes", ""},
		{"constant", "db", "was not read from it"},
		{"unclamped", "queries", "501 rows, want 500"},
		{"unclamped", "updates", "501 rows, want 500"},
		{"no-write", "updates", "must write the rows back"},
		{"unescaped", "fortunes", "differs from fortunes.html"},
		{"missing-row", "fortunes", "differs from fortunes.html"},
		{"unsorted", "fortunes", "differs from fortunes.html"},
	} {
		t.Run(c.broken+"/"+c.scenario, func(t *testing.T) {
			w := newWorld()
			err := Scenario(ctx, dbTarget(t, w, page, c.broken), c.scenario, Options{FortunesPage: page, World: w})
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("a conforming target failed: %v", err)
			case c.want != "" && err == nil:
				t.Fatalf("the %s target passed", c.broken)
			case c.want != "" && !strings.Contains(err.Error(), c.want):
				t.Fatalf("error %q does not say %q", err, c.want)
			}
		})
	}
}

func TestFortunesWithoutThePageIsAnErrorNotAPass(t *testing.T) {
	err := Scenario(context.Background(), "http://127.0.0.1:1", "fortunes", Options{})
	if err == nil || !strings.Contains(err.Error(), "no fortunes.html") {
		t.Fatalf("got %v", err)
	}
}

// The measured requests are the contract's: twenty queries, five updates (a bare /queries would be one query).
func TestDBScenariosAreMeasuredAtTheContractsN(t *testing.T) {
	for scenario, want := range map[string]string{"db": "/db", "queries": "/queries?n=20", "updates": "/updates?n=5", "fortunes": "/fortunes"} {
		if got := Path(scenario, 100); got != want {
			t.Errorf("Path(%s) = %s, want %s", scenario, got, want)
		}
	}
}
