package check

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html"
)

// DBScenarios are the database scenarios of agent/suite/db/README.md, in the order check runs them (updates last:
// it changes the rows the others read).
var DBScenarios = []string{"db", "queries", "fortunes", "updates"}

// World is the benchmark database as check sees it from outside the target.
type World interface {
	// Changed is how many world rows no longer hold their loaded randomNumber (1 + id*7919 mod 10000).
	Changed(ctx context.Context) (int, error)
}

// WorldRandomNumber is the randomNumber schema.sql loads for id.
func WorldRandomNumber(id int) int { return 1 + (id*7919)%10000 }

type worldRow struct {
	ID           *int `json:"id"`
	RandomNumber *int `json:"randomNumber"`
}

func (w worldRow) check(loaded bool) error {
	if w.ID == nil || w.RandomNumber == nil {
		return errors.New(`a row must be {"id":N,"randomNumber":N}`)
	}
	if *w.ID < 1 || *w.ID > 10000 {
		return fmt.Errorf("id %d is not in 1..10000", *w.ID)
	}
	if *w.RandomNumber < 1 || *w.RandomNumber > 10000 {
		return fmt.Errorf("randomNumber %d of id %d is not in 1..10000", *w.RandomNumber, *w.ID)
	}
	if loaded && *w.RandomNumber != WorldRandomNumber(*w.ID) {
		return fmt.Errorf("id %d has randomNumber %d, but the database holds %d: the row was not read from it", *w.ID, *w.RandomNumber, WorldRandomNumber(*w.ID))
	}
	return nil
}

// oneRow: the body of /db.
func oneRow(loaded bool) bodyCheck {
	return func(got []byte) error {
		var w worldRow
		if err := strictJSON(got, &w); err != nil {
			return fmt.Errorf("body %q is not one row: %w", truncate(got, 200), err)
		}
		return w.check(loaded)
	}
}

// rows: the body of /queries and /updates, n rows of distinct ids (random ids may repeat, but not all of them).
func rows(n int, loaded bool) bodyCheck {
	return func(got []byte) error {
		var ws []worldRow
		if err := strictJSON(got, &ws); err != nil {
			return fmt.Errorf("body %q is not an array of rows: %w", truncate(got, 200), err)
		}
		if len(ws) != n {
			return fmt.Errorf("%d rows, want %d", len(ws), n)
		}
		ids := map[int]bool{}
		for i, w := range ws {
			if err := w.check(loaded); err != nil {
				return fmt.Errorf("row %d: %w", i+1, err)
			}
			ids[*w.ID] = true
		}
		if n >= 5 && len(ids) == 1 {
			return fmt.Errorf("all %d rows have id %d: ids must be random", n, *ws[0].ID)
		}
		return nil
	}
}

func strictJSON(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	if err := d.Decode(v); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("data after the JSON value")
	}
	return nil
}

// dbScenario validates one database scenario; page is fortunes.html, world the database (nil: updates are not
// checked for writes, rows not against their loaded values).
func dbScenario(ctx context.Context, baseURL, scenario string, page []byte, world World, o Options) error {
	loaded := world != nil
	switch scenario {
	case "db":
		return expect(ctx, baseURL, "/db", "application/json", oneRow(loaded), o, 0)
	case "queries", "updates":
		// n as TechEmpower parses it: missing or not a number is 1, below 1 is 1, above 500 is 500
		var before int
		if scenario == "updates" && world != nil {
			var err error
			if before, err = world.Changed(ctx); err != nil {
				return fmt.Errorf("read the database before /updates: %w", err)
			}
		}
		for _, c := range []struct {
			query string
			n     int
		}{{"n=20", 20}, {"", 1}, {"n=0", 1}, {"n=foo", 1}, {"n=501", 500}} {
			path := "/" + scenario
			if c.query != "" {
				path += "?" + c.query
			}
			if err := expect(ctx, baseURL, path, "application/json", rows(c.n, loaded && scenario == "queries"), o, 0); err != nil {
				return err
			}
		}
		if scenario == "updates" && world != nil {
			after, err := world.Changed(ctx)
			if err != nil {
				return fmt.Errorf("read the database after /updates: %w", err)
			}
			// about 1,500 rows over these requests: a few new random values may equal the old ones, not all
			if after-before < 100 {
				return fmt.Errorf("after the /updates requests %d rows of world hold a new randomNumber (before: %d): /updates must write the rows back", after, before)
			}
		}
		return nil
	case "fortunes":
		want, err := tokens(page)
		if err != nil {
			return fmt.Errorf("fortunes.html: %w", err)
		}
		return expect(ctx, baseURL, "/fortunes", "text/html", func(got []byte) error {
			have, err := tokens(got)
			if err != nil {
				return err
			}
			for i := range min(len(have), len(want)) {
				if have[i] != want[i] {
					return fmt.Errorf("the page differs from fortunes.html at token %d: %q, want %q", i+1, have[i], want[i])
				}
			}
			if len(have) != len(want) {
				return fmt.Errorf("the page has %d tokens, fortunes.html %d: rows missing or added", len(have), len(want))
			}
			return nil
		}, o, 0)
	}
	return fmt.Errorf("unknown scenario %q", scenario)
}

// tokens is an HTML page as check compares it: tags by name (attributes included), text with its entities decoded,
// whitespace between tags dropped, the doctype in lower case.
func tokens(page []byte) ([]string, error) {
	z := html.NewTokenizer(bytes.NewReader(page))
	var out []string
	for {
		switch z.Next() {
		case html.ErrorToken:
			if errors.Is(z.Err(), io.EOF) {
				return out, nil
			}
			return nil, z.Err()
		case html.TextToken:
			if t := string(z.Text()); strings.TrimSpace(t) != "" {
				out = append(out, "text:"+t)
			}
		case html.DoctypeToken:
			out = append(out, "doctype:"+strings.ToLower(string(z.Text())))
		case html.CommentToken:
		default:
			t := z.Token()
			out = append(out, t.Type.String()+":"+t.String())
		}
	}
}
