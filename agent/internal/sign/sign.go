// Package sign makes and checks DSSE v1 envelopes over run payloads with Ed25519 keys, byte-compatible
// with the vectors in schema/testdata.
package sign

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// DSSE payload types of a run: v1, and v2 (v1 plus what each measurement cost), the one the agent signs.
const (
	PayloadTypeV1 = "application/vnd.podium.run.v1+json"
	PayloadTypeV2 = "application/vnd.podium.run.v2+json"
	PayloadType   = PayloadTypeV2
)

// Signature is one DSSE signature.
type Signature struct {
	KeyID string `json:"keyid"`
	Sig   string `json:"sig"`
}

// Envelope is a DSSE envelope; Payload is base64 of the exact payload bytes.
type Envelope struct {
	PayloadType string      `json:"payloadType"`
	Payload     string      `json:"payload"`
	Signatures  []Signature `json:"signatures"`
}

// Key is an agent's key pair; its file format is the one of schema/testdata/keys/*.json.
type Key struct {
	Name      string `json:"name,omitempty"`
	Seed      string `json:"seed"`
	PublicKey string `json:"publicKey"`
	KeyID     string `json:"keyid"`

	private ed25519.PrivateKey
}

// ErrBadSignature means an envelope's signature does not verify with the given key.
var ErrBadSignature = errors.New("signature does not verify")

// PAE is DSSE v1's pre-authentication encoding: "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body.
func PAE(payloadType string, body []byte) []byte {
	var b bytes.Buffer
	b.WriteString("DSSEv1 ")
	b.WriteString(strconv.Itoa(len(payloadType)))
	b.WriteByte(' ')
	b.WriteString(payloadType)
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(len(body)))
	b.WriteByte(' ')
	b.Write(body)
	return b.Bytes()
}

// KeyID is the lowercase hex SHA-256 of the raw 32-byte public key.
func KeyID(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(pub)
	return hex.EncodeToString(sum[:])
}

// FromSeed builds a key from a 32-byte Ed25519 seed.
func FromSeed(name string, seed []byte) (*Key, error) {
	if len(seed) != ed25519.SeedSize {
		return nil, fmt.Errorf("seed is %d bytes, want %d", len(seed), ed25519.SeedSize)
	}
	priv := ed25519.NewKeyFromSeed(seed)
	pub := priv.Public().(ed25519.PublicKey)
	return &Key{Name: name, Seed: base64.StdEncoding.EncodeToString(seed),
		PublicKey: base64.StdEncoding.EncodeToString(pub), KeyID: KeyID(pub), private: priv}, nil
}

// Generate makes a new random key.
func Generate(name string) (*Key, error) {
	seed := make([]byte, ed25519.SeedSize)
	if _, err := rand.Read(seed); err != nil {
		return nil, err
	}
	return FromSeed(name, seed)
}

// LoadKey reads a key file and checks that its public key and key id match its seed.
func LoadKey(path string) (*Key, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read key: %w", err)
	}
	var k Key
	if err := json.Unmarshal(b, &k); err != nil {
		return nil, fmt.Errorf("parse key %s: %w", path, err)
	}
	seed, err := base64.StdEncoding.DecodeString(k.Seed)
	if err != nil {
		return nil, fmt.Errorf("key %s: seed: %w", path, err)
	}
	full, err := FromSeed(k.Name, seed)
	if err != nil {
		return nil, fmt.Errorf("key %s: %w", path, err)
	}
	if (k.PublicKey != "" && k.PublicKey != full.PublicKey) || (k.KeyID != "" && k.KeyID != full.KeyID) {
		return nil, fmt.Errorf("key %s: publicKey or keyid does not match the seed", path)
	}
	return full, nil
}

// Save writes the key file with mode 0600, refusing to overwrite an existing one.
func (k *Key) Save(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	b, err := json.MarshalIndent(k, "", "  ")
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("write key: %w", err)
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Public is the raw public key.
func (k *Key) Public() ed25519.PublicKey { return k.private.Public().(ed25519.PublicKey) }

// Sign wraps the exact payload bytes in a signed envelope of the agent's payload type (v2).
func (k *Key) Sign(payload []byte) Envelope { return k.SignAs(PayloadType, payload) }

// SignAs signs payload under payloadType (the test vectors sign v1 payloads as v1).
func (k *Key) SignAs(payloadType string, payload []byte) Envelope {
	sig := ed25519.Sign(k.private, PAE(payloadType, payload))
	return Envelope{PayloadType: payloadType, Payload: base64.StdEncoding.EncodeToString(payload),
		Signatures: []Signature{{KeyID: k.KeyID, Sig: base64.StdEncoding.EncodeToString(sig)}}}
}

// Marshal is the envelope's file and wire form: indented JSON and a newline, like schema/testdata/envelopes.
func (e Envelope) Marshal() []byte {
	b, _ := json.MarshalIndent(e, "", "  ") // cannot fail: only strings
	return append(b, '\n')
}

// ParseEnvelope reads an envelope.
func ParseEnvelope(b []byte) (Envelope, error) {
	var e Envelope
	if err := json.Unmarshal(b, &e); err != nil {
		return e, fmt.Errorf("envelope: %w", err)
	}
	if e.Payload == "" {
		return e, errors.New("envelope: no payload")
	}
	return e, nil
}

// ParsePublicKey reads a base64 raw 32-byte public key.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("public key must be base64 of %d raw bytes", ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

// Verify checks that a signature by pub covers the envelope and returns the payload bytes.
func Verify(e Envelope, pub ed25519.PublicKey) ([]byte, error) {
	if e.PayloadType != PayloadTypeV1 && e.PayloadType != PayloadTypeV2 {
		return nil, fmt.Errorf("payloadType %q, want %q or %q", e.PayloadType, PayloadTypeV1, PayloadTypeV2)
	}
	payload, err := base64.StdEncoding.DecodeString(e.Payload)
	if err != nil {
		return nil, fmt.Errorf("payload is not base64: %w", err)
	}
	id := KeyID(pub)
	msg := PAE(e.PayloadType, payload)
	for _, s := range e.Signatures {
		if s.KeyID != id {
			continue
		}
		sig, err := base64.StdEncoding.DecodeString(s.Sig)
		if err == nil && ed25519.Verify(pub, msg, sig) {
			return payload, nil
		}
		return nil, fmt.Errorf("keyid %s: %w", id, ErrBadSignature)
	}
	return nil, fmt.Errorf("no signature with keyid %s: %w", id, ErrBadSignature)
}
