package main

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"os"
)

// The test keys and DSSE v1 envelopes that the vectors (generate.go) and the hostile-input corpus (hostile.go) are
// signed with. Written here on their own, not taken from the agent, so that no implementation under test is its own
// oracle.

type key struct {
	Name      string `json:"name"`
	Seed      string `json:"seed"`
	PublicKey string `json:"publicKey"`
	KeyID     string `json:"keyid"`
	private   ed25519.PrivateKey
}

type signature struct {
	KeyID string `json:"keyid"`
	Sig   string `json:"sig"`
}

type envelope struct {
	PayloadType string      `json:"payloadType"`
	Payload     string      `json:"payload"`
	Signatures  []signature `json:"signatures"`
}

func newKey(name string) key {
	seed := sha256.Sum256([]byte("podium test vector key: " + name))
	priv := ed25519.NewKeyFromSeed(seed[:])
	pub := priv.Public().(ed25519.PublicKey)
	id := sha256.Sum256(pub)
	return key{Name: name, Seed: base64.StdEncoding.EncodeToString(seed[:]),
		PublicKey: base64.StdEncoding.EncodeToString(pub), KeyID: hex.EncodeToString(id[:]), private: priv}
}

// pae is DSSE v1's pre-authentication encoding.
func pae(typ string, body []byte) []byte {
	return []byte(fmt.Sprintf("DSSEv1 %d %s %d %s", len(typ), typ, len(body), body))
}

func sign(k key, typ string, body []byte) envelope {
	sig := ed25519.Sign(k.private, pae(typ, body))
	return envelope{PayloadType: typ, Payload: base64.StdEncoding.EncodeToString(body),
		Signatures: []signature{{KeyID: k.KeyID, Sig: base64.StdEncoding.EncodeToString(sig)}}}
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "generate:", err)
		os.Exit(1)
	}
}
