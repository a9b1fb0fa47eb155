package sign

import (
	"bytes"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"podium.dev/agent/internal/golden"
	"podium.dev/agent/internal/vectors"
)

// The shared vectors (schema/testdata), read by the Java tests too.
var testdata = vectors.Path("testdata")

func testAgent(t *testing.T) *Key {
	t.Helper()
	k, err := LoadKey(filepath.Join(testdata, "keys/test-agent.json"))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// Envelopes that must not verify with test-agent's key, and why.
var mustFail = map[string]string{
	"envelopes/bad-signature.dsse.json":      "a flipped signature bit",
	"envelopes/tampered-payload.dsse.json":   "payload edited after signing",
	"envelopes/unknown-key.dsse.json":        "signed by other-agent",
	"envelopes/wrong-payload-type.dsse.json": "payloadType v3, unknown",
	"envelopes/not-json.dsse.json":           "not JSON",
	"envelopes/missing-payload.dsse.json":    "no payload",
	"envelopes/bad-base64.dsse.json":         "payload not base64",
	"envelopes/no-signatures.dsse.json":      "no signature",
}

func TestVerifyEveryVectorEnvelope(t *testing.T) {
	t.Parallel()
	k := testAgent(t)
	cases := vectors.List[struct {
		Envelope string `json:"envelope"`
		Status   int    `json:"status"`
		About    string `json:"about"`
	}](t, "testdata/cases.json", 20)
	for _, c := range cases {
		t.Run(strings.TrimSuffix(filepath.Base(c.Envelope), ".dsse.json"), func(t *testing.T) {
			t.Parallel()
			raw, err := os.ReadFile(filepath.Join(testdata, c.Envelope))
			if err != nil {
				t.Fatal(err)
			}
			why, fail := mustFail[c.Envelope]
			if c.Status == 401 && !fail {
				t.Fatalf("case %q answers 401 but is not listed as a signature failure", c.About)
			}
			env, err := ParseEnvelope(raw)
			if err == nil {
				_, err = Verify(env, k.Public())
			}
			switch {
			case fail && err == nil:
				t.Errorf("verified an envelope that must fail (%s)", why)
			case !fail && err != nil:
				t.Errorf("%s (%d): %v", c.About, c.Status, err)
			}
		})
	}
}

func TestVerifyRejects(t *testing.T) {
	t.Parallel()
	k := testAgent(t)
	for _, name := range []string{"bad-signature", "tampered-payload", "unknown-key"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			raw, err := os.ReadFile(filepath.Join(testdata, "envelopes", name+".dsse.json"))
			if err != nil {
				t.Fatal(err)
			}
			env, err := ParseEnvelope(raw)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Verify(env, k.Public()); !errors.Is(err, ErrBadSignature) {
				t.Errorf("want ErrBadSignature, got %v", err)
			}
		})
	}
}

// TestSignReproducesTheVectors: signing payloads/valid/*.json with test-agent's seed gives
// envelopes/*.dsse.json byte for byte.
func TestSignReproducesTheVectors(t *testing.T) {
	t.Parallel()
	k := testAgent(t)
	golden.Each(t, filepath.Join(testdata, "payloads/valid/*.json"), func(t *testing.T, name string, body []byte) {
		want, err := os.ReadFile(filepath.Join(testdata, "envelopes", name+".dsse.json"))
		if err != nil {
			t.Fatal(err)
		}
		typ := PayloadTypeV1
		if strings.HasPrefix(name, "v2-") {
			typ = PayloadTypeV2
		}
		if got := k.SignAs(typ, body).Marshal(); !bytes.Equal(got, want) {
			t.Errorf("envelope differs from the vector:\n got: %s\nwant: %s", got, want)
		}
	})
}

func TestPAEMatchesTheVector(t *testing.T) {
	t.Parallel()
	for name, typ := range map[string]string{"minimal": PayloadTypeV1, "v2-minimal": PayloadTypeV2} {
		body, err := os.ReadFile(filepath.Join(testdata, "payloads/valid", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(testdata, "pae", name+".pae"))
		if err != nil {
			t.Fatal(err)
		}
		if got := PAE(typ, body); !bytes.Equal(got, want) {
			t.Errorf("PAE differs from pae/%s.pae", name)
		}
	}
}

func TestKeyFile(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		run  func(t *testing.T, dir string)
	}{
		{"generated key round-trips with mode 0600", func(t *testing.T, dir string) {
			k, err := Generate("bench-01")
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "sub", "key.json")
			if err := k.Save(path); err != nil {
				t.Fatal(err)
			}
			st, err := os.Stat(path)
			if err != nil || st.Mode().Perm() != 0o600 {
				t.Fatalf("key file mode %v, err %v; want 0600", st.Mode().Perm(), err)
			}
			back, err := LoadKey(path)
			if err != nil || back.KeyID != k.KeyID || back.PublicKey != k.PublicKey {
				t.Fatalf("loaded %+v, %v; want key id %s", back, err, k.KeyID)
			}
			msg := []byte(`{"runId":"x"}`)
			if _, err := Verify(k.Sign(msg), back.Public()); err != nil {
				t.Errorf("own signature does not verify: %v", err)
			}
		}},
		{"an existing key file is never overwritten", func(t *testing.T, dir string) {
			k, _ := Generate("a")
			path := filepath.Join(dir, "key.json")
			if err := k.Save(path); err != nil {
				t.Fatal(err)
			}
			if err := k.Save(path); err == nil {
				t.Error("second Save overwrote the key")
			}
		}},
		{"a key id that does not match the seed is refused", func(t *testing.T, dir string) {
			k, _ := Generate("a")
			k.KeyID = strings.Repeat("0", 64)
			path := filepath.Join(dir, "key.json")
			if err := k.Save(path); err != nil {
				t.Fatal(err)
			}
			if _, err := LoadKey(path); err == nil {
				t.Error("loaded a key whose key id does not match")
			}
		}},
		{"key id is the hex sha256 of the raw public key", func(t *testing.T, _ string) {
			k := testAgent(t)
			pub, _ := base64.StdEncoding.DecodeString(k.PublicKey)
			if KeyID(pub) != "d048a3fc03fd3954863fca8f83c258e996b39bcc36734c79e25396a623f70d2d" {
				t.Errorf("key id %s", KeyID(pub))
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.run(t, t.TempDir())
		})
	}
}
