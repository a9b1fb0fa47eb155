package main

import (
	"context"
	"crypto"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/secure-systems-lab/go-securesystemslib/dsse"

	"podium.dev/agent/internal/sign"
)

const hostile = vectors + "/hostile/cases"

type hostileCase struct {
	About   string `json:"about"`
	Request struct {
		Method     string  `json:"method"`
		Path       string  `json:"path"`
		Body       *string `json:"body"`
		BodyBase64 string  `json:"bodyBase64"`
		PadBody    int     `json:"padBody"`
	} `json:"request"`
	Expect struct {
		Status int `json:"status"`
	} `json:"expect"`
	Verify string `json:"verify"`
}

func (c hostileCase) body(t *testing.T) []byte {
	var b []byte
	if c.Request.Body != nil {
		b = []byte(*c.Request.Body)
	} else if c.Request.BodyBase64 != "" {
		var err error
		if b, err = base64.StdEncoding.DecodeString(c.Request.BodyBase64); err != nil {
			t.Fatal(err)
		}
	}
	return append(b, []byte(strings.Repeat(" ", c.Request.PadBody))...)
}

func hostileCases(t *testing.T) map[string]hostileCase {
	files, err := filepath.Glob(filepath.Join(hostile, "*.json"))
	if err != nil || len(files) < 80 {
		t.Fatalf("the hostile corpus: %d files, %v", len(files), err)
	}
	sort.Strings(files)
	cases := map[string]hostileCase{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c hostileCase
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		cases[strings.TrimSuffix(filepath.Base(f), ".json")] = c
	}
	return cases
}

func testAgentPublicKey(t *testing.T) string {
	k, err := sign.LoadKey(filepath.Join(vectors, "keys/test-agent.json"))
	if err != nil {
		t.Fatal(err)
	}
	return k.PublicKey
}

// Every envelope of the hostile corpus through `podium-agent verify` with the test agent's key: the ones whose
// signature verifies are accepted, and the ones the service refuses for their envelope (duplicate keys, bad base64,
// a swapped payload, ...) are refused here too.
func TestVerifyTheHostileCorpus(t *testing.T) {
	pub := testAgentPublicKey(t)
	dir := t.TempDir()
	checked := 0
	for name, c := range hostileCases(t) {
		if c.Verify == "" {
			continue
		}
		checked++
		file := filepath.Join(dir, name+".dsse.json")
		if err := os.WriteFile(file, c.body(t), 0o644); err != nil {
			t.Fatal(err)
		}
		out, code := agent(t, dir, nil, "verify", file, "--public-key", pub)
		if c.Verify == "ok" && code != 0 {
			t.Errorf("%s (%s): verify refused it (exit %d): %s", name, c.About, code, out)
		}
		if c.Verify == "refused" && code != exitBadSig {
			t.Errorf("%s (%s): verify must refuse it with exit %d, got %d: %s", name, c.About, exitBadSig, code, out)
		}
	}
	if checked < 80 {
		t.Fatalf("only %d cases carry verify", checked)
	}
}

// ed25519Verifier is a dsse.Verifier over a raw Ed25519 public key, its key id the hex SHA-256 of the raw key.
type ed25519Verifier struct{ pub ed25519.PublicKey }

func (v ed25519Verifier) Verify(_ context.Context, data, sig []byte) error {
	if !ed25519.Verify(v.pub, data, sig) {
		return errors.New("ed25519: signature does not verify")
	}
	return nil
}
func (v ed25519Verifier) KeyID() (string, error)   { return sign.KeyID(v.pub), nil }
func (v ed25519Verifier) Public() crypto.PublicKey { return v.pub }

// Every run the service accepts (and stores byte for byte, as the backend's HostileCorpusTest checks) verifies with
// the reference DSSE implementation, which shares no code with the service or the agent.
func TestAcceptedHostileRunsVerifyWithReferenceDSSE(t *testing.T) {
	pub, err := sign.ParsePublicKey(testAgentPublicKey(t))
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := dsse.NewEnvelopeVerifier(ed25519Verifier{pub})
	if err != nil {
		t.Fatal(err)
	}
	accepted := 0
	for name, c := range hostileCases(t) {
		if c.Request.Path != "/api/runs" || c.Expect.Status >= 300 {
			continue
		}
		accepted++
		var e dsse.Envelope
		if err := json.Unmarshal(c.body(t), &e); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := verifier.Verify(context.Background(), &e); err != nil {
			t.Errorf("%s (%s): the reference DSSE refuses it: %v", name, c.About, err)
		}
	}
	if accepted < 5 {
		t.Fatalf("only %d accepted runs in the corpus", accepted)
	}
}
