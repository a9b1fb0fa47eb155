// The hostile-input corpus: one file per case in hostile/cases/, each the request (method, path, headers, body) and
// the answer the service must give. Bodies that must carry a valid signature are signed here with the test keys
// (dsse.go; Ed25519 is deterministic, the seeds fixed), so a rerun reproduces the same bytes.
//
// Over 400 lines on purpose: most of it is the table of cases, one entry per hostile request with the answer it must
// get, read from top to bottom; splitting the table would only scatter it.

package main

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

func marshal(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	must(enc.Encode(v))
	return b.Bytes()
}

// Request is what the runner sends. Body is the exact bytes as text when they are valid UTF-8, else BodyBase64.
type Request struct {
	Method     string            `json:"method"`
	Path       string            `json:"path"`
	Headers    map[string]string `json:"headers,omitempty"`
	Body       *string           `json:"body,omitempty"`
	BodyBase64 string            `json:"bodyBase64,omitempty"`
	PadBody    int               `json:"padBody,omitempty"`
	Chunked    bool              `json:"chunked,omitempty"`
}

// Expect is the answer: status and the problem+json field (absent: the problem names no field).
type Expect struct {
	Status int    `json:"status"`
	Field  string `json:"field,omitempty"`
}

// Case is one file of cases/.
type Case struct {
	About   string   `json:"about"`
	Before  []string `json:"before,omitempty"`
	Request Request  `json:"request"`
	Expect  Expect   `json:"expect"`
	Verify  string   `json:"verify,omitempty"`
}

var (
	testAgent    = newKey("test-agent")
	otherAgent   = newKey("other-agent")
	revokedAgent = newKey("revoked-agent")
	minimal      []byte
	names        = map[string]bool{}
	count        int
)

const jsonType = "application/json"

func writeCase(name string, c Case) {
	if names[name] {
		must(fmt.Errorf("case %s twice", name))
	}
	names[name] = true
	count++
	path := filepath.Join("hostile", "cases", name+".json")
	must(os.WriteFile(path, marshal(c), 0o644))
}

func request(method, path, contentType string, body []byte) Request {
	r := Request{Method: method, Path: path}
	if contentType != "" {
		r.Headers = map[string]string{"Content-Type": contentType}
	}
	if body != nil {
		if utf8.Valid(body) {
			s := string(body)
			r.Body = &s
		} else {
			r.BodyBase64 = base64.StdEncoding.EncodeToString(body)
		}
	}
	return r
}

// run posts an envelope body to /api/runs; verify says what `podium-agent verify` with test-agent's key answers.
func run(name, about string, body []byte, status int, field, verify string) {
	writeCase(name, Case{About: about, Request: request("POST", "/api/runs", jsonType, body),
		Expect: Expect{Status: status, Field: field}, Verify: verify})
}

// signed posts a payload signed by test-agent: the signature is good, the payload is what is judged.
func signed(name, about string, payload []byte, status int, field string) {
	run(name, about, marshal(sign(testAgent, payloadType, payload)), status, field, "ok")
}

// edit replaces one exact fragment of minimal.json.
func edit(old, new string) []byte {
	if bytes.Count(minimal, []byte(old)) != 1 {
		must(fmt.Errorf("%q is not once in minimal.json", old))
	}
	return bytes.Replace(minimal, []byte(old), []byte(new), 1)
}

func utf16le(b []byte, bom bool) []byte {
	var out []byte
	if bom {
		out = append(out, 0xFF, 0xFE)
	}
	for _, u := range utf16.Encode([]rune(string(b))) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

func utf16be(b []byte) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(string(b))) {
		out = append(out, byte(u>>8), byte(u))
	}
	return out
}

func writeHostile() {
	var err error
	minimal, err = os.ReadFile("payloads/valid/minimal.json")
	must(err)
	must(os.RemoveAll("hostile/cases"))
	must(os.MkdirAll("hostile/cases", 0o755))
	must(os.MkdirAll("hostile/keys", 0o755))
	must(os.WriteFile("hostile/keys/revoked-agent.json", marshal(revokedAgent), 0o644))

	good := sign(testAgent, payloadType, minimal)
	goodJSON := marshal(good)
	sig := good.Signatures[0]

	// --- accepted: the stored envelope must be these bytes
	run("accept-minimal", "a valid run, signed by the enrolled test agent", goodJSON, 201, "", "ok")
	writeCase("replay-identical", Case{About: "the same bytes sent again: 200, stored once", Before: []string{"accept-minimal"},
		Request: request("POST", "/api/runs", jsonType, goodJSON), Expect: Expect{Status: 200}, Verify: "ok"})
	writeCase("replay-other-bytes", Case{About: "an accepted runId with other payload bytes: a conflict, never an overwrite",
		Before: []string{"accept-minimal"}, Request: request("POST", "/api/runs", jsonType,
			marshal(sign(testAgent, payloadType, edit("100000.5", "99999.5")))), Expect: Expect{Status: 409, Field: "runId"}, Verify: "ok"})
	signed("accept-html-and-sql-names", "HTML, script and SQL fragments in string fields: stored as they are, shown as text",
		[]byte(strings.NewReplacer(`"bench-01"`, `"<script>alert(1)</script>"`, `"AMD EPYC 7B13"`, `"<img src=x onerror=alert(1)>"`,
			`"Netty"`, `"Netty'); DROP TABLE runs; --"`, `"Eclipse Adoptium"`, `"\"><svg onload=alert(document.domain)>"`,
			`"kvm"`, `"' OR '1'='1"`, `"podium-standard"`, `"{{constructor.constructor('alert(1)')()}}"`).Replace(string(minimal))), 201, "")
	signed("accept-negative-zero", "-0 and -0.0 are zero", edit(`"timeout": 0`, `"timeout": -0`), 201, "")
	writeCase("accept-charset-utf8", Case{About: "application/json; charset=utf-8 is JSON", Request: request("POST", "/api/runs",
		"application/json; charset=utf-8", goodJSON), Expect: Expect{Status: 201}, Verify: "ok"})
	chunkedOK := request("POST", "/api/runs", jsonType, goodJSON)
	chunkedOK.Chunked = true
	writeCase("accept-chunked", Case{About: "a valid run sent chunked, without Content-Length", Request: chunkedOK,
		Expect: Expect{Status: 201}, Verify: "ok"})
	four := good
	four.Signatures = []signature{{KeyID: otherAgent.KeyID, Sig: sig.Sig}, {KeyID: strings.Repeat("0", 64), Sig: sig.Sig},
		{KeyID: testAgent.KeyID, Sig: base64.StdEncoding.EncodeToString(make([]byte, 64))}, sig}
	run("accept-four-signatures", "four signatures (the limit), the last one good", marshal(four), 201, "", "ok")

	// --- bodies that are not a JSON envelope
	run("body-not-json", "a body that is not JSON", []byte("hello\n"), 400, "", "refused")
	run("body-empty", "an empty body", []byte{}, 400, "", "refused")
	run("body-truncated", "an envelope cut in half", goodJSON[:len(goodJSON)/2], 400, "", "refused")
	run("body-array", "a JSON array, not an object", []byte("[]\n"), 400, "", "refused")
	run("body-string", "a JSON string, not an object", []byte(`"envelope"`), 400, "", "refused")
	run("body-null", "JSON null", []byte("null"), 400, "", "refused")
	run("body-number", "a JSON number", []byte("42"), 400, "", "refused")
	run("body-non-utf8", "a byte that is not UTF-8 inside the envelope", bytes.Replace(goodJSON, []byte(`"payloadType"`),
		[]byte("\"payloadType\xff\""), 1), 400, "", "refused")
	run("body-utf16le-bom", "the envelope in UTF-16LE with a byte order mark", utf16le(goodJSON, true), 400, "", "refused")
	run("body-utf16be", "the envelope in UTF-16BE without a byte order mark", utf16be(goodJSON), 400, "", "refused")
	run("body-utf8-bom", "a UTF-8 byte order mark before the envelope", append([]byte{0xEF, 0xBB, 0xBF}, goodJSON...), 400, "", "refused")
	run("body-trailing-object", "a second JSON object after the envelope", append(append([]byte{}, goodJSON...), []byte("{}\n")...), 400, "", "refused")
	run("body-trailing-garbage", "bytes after the envelope", append(append([]byte{}, goodJSON...), []byte("garbage")...), 400, "", "refused")
	run("body-trailing-nul", "a NUL byte after the envelope", append(append([]byte{}, goodJSON...), 0), 400, "", "refused")
	run("body-nan", "NaN as an envelope value", []byte(`{"payloadType": NaN, "payload": "`+good.Payload+`", "signatures": []}`), 400, "", "refused")
	run("body-deep-nesting", "an extra envelope member nested 5,000 levels deep",
		[]byte(`{"x": `+strings.Repeat("[", 5000)+strings.Repeat("]", 5000)+`, "payloadType": "`+payloadType+`"}`), 400, "", "refused")
	dupPayload := bytes.Replace(goodJSON, []byte(`"payload": "`), []byte(`"payload": "`+base64.StdEncoding.EncodeToString(
		edit("bench-01", "bench-66"))+`",
  "payload": "`), 1)
	run("dup-envelope-payload", "two payload keys, the first unsigned", dupPayload, 400, "payload", "refused")
	run("dup-envelope-payload-type", "two payloadType keys", bytes.Replace(goodJSON, []byte(`"payloadType": "`),
		[]byte(`"payloadType": "application/json", "payloadType": "`), 1), 400, "payloadType", "refused")
	run("dup-envelope-signatures", "two signatures keys", bytes.Replace(goodJSON, []byte(`"signatures": [`),
		[]byte(`"signatures": [], "signatures": [`), 1), 400, "signatures", "refused")
	run("dup-signature-keyid", "two keyid keys in one signature", bytes.Replace(goodJSON, []byte(`"keyid": "`),
		[]byte(`"keyid": "`+otherAgent.KeyID+`", "keyid": "`), 1), 400, "signatures[0].keyid", "refused")

	// --- every envelope field missing, empty, of the wrong type, badly encoded
	obj := func(m map[string]any) []byte { return marshal(m) }
	sigs := []any{map[string]any{"keyid": sig.KeyID, "sig": sig.Sig}}
	run("payload-type-missing", "no payloadType", obj(map[string]any{"payload": good.Payload, "signatures": sigs}), 400, "payloadType", "refused")
	run("payload-type-empty", "an empty payloadType", obj(map[string]any{"payloadType": "", "payload": good.Payload, "signatures": sigs}), 400, "payloadType", "refused")
	run("payload-type-number", "payloadType a number", obj(map[string]any{"payloadType": 1, "payload": good.Payload, "signatures": sigs}), 400, "payloadType", "refused")
	other := sign(testAgent, "application/json", minimal)
	run("payload-type-other-signed", "a valid signature over another payloadType", marshal(other), 400, "payloadType", "refused")
	cross := other
	cross.PayloadType = payloadType
	run("payload-type-swapped", "signed as application/json, sent as a v1 run", marshal(cross), 401, "signatures[0].sig", "refused")
	run("payload-missing", "no payload", obj(map[string]any{"payloadType": payloadType, "signatures": sigs}), 400, "payload", "refused")
	run("payload-empty", "an empty payload", obj(map[string]any{"payloadType": payloadType, "payload": "", "signatures": sigs}), 400, "payload", "refused")
	run("payload-number", "payload a number", obj(map[string]any{"payloadType": payloadType, "payload": 12, "signatures": sigs}), 400, "payload", "refused")
	run("payload-object", "payload the run itself, not base64", []byte(`{"payloadType": "`+payloadType+`", "payload": `+string(minimal)+`, "signatures": []}`), 400, "payload", "refused")
	run("payload-bad-base64", "payload not base64", obj(map[string]any{"payloadType": payloadType, "payload": "not*base64!", "signatures": sigs}), 400, "payload", "refused")
	run("payload-base64-whitespace", "payload base64 with line breaks", obj(map[string]any{"payloadType": payloadType,
		"payload": good.Payload[:76] + "\n" + good.Payload[76:], "signatures": sigs}), 400, "payload", "refused")
	run("payload-base64-mixed", "payload base64 mixing the standard and URL-safe alphabets", obj(map[string]any{"payloadType": payloadType,
		"payload": "ab+c-d==", "signatures": sigs}), 400, "payload", "refused")
	run("signatures-missing", "no signatures", obj(map[string]any{"payloadType": payloadType, "payload": good.Payload}), 400, "signatures", "refused")
	run("signatures-empty", "an empty signature list", obj(map[string]any{"payloadType": payloadType, "payload": good.Payload, "signatures": []any{}}), 400, "signatures", "refused")
	run("signatures-object", "signatures an object", obj(map[string]any{"payloadType": payloadType, "payload": good.Payload, "signatures": sigs[0]}), 400, "signatures", "refused")
	run("signature-string", "a signature that is a string", obj(map[string]any{"payloadType": payloadType, "payload": good.Payload, "signatures": []any{sig.Sig}}), 400, "signatures[0]", "refused")
	withSig := func(s map[string]any) []byte {
		return obj(map[string]any{"payloadType": payloadType, "payload": good.Payload, "signatures": []any{s}})
	}
	run("keyid-missing", "a signature without keyid", withSig(map[string]any{"sig": sig.Sig}), 400, "signatures[0].keyid", "refused")
	run("keyid-empty", "an empty keyid", withSig(map[string]any{"keyid": "", "sig": sig.Sig}), 400, "signatures[0].keyid", "refused")
	run("keyid-number", "keyid a number", withSig(map[string]any{"keyid": 7, "sig": sig.Sig}), 400, "signatures[0].keyid", "refused")
	run("sig-missing", "a signature without sig", withSig(map[string]any{"keyid": sig.KeyID}), 400, "signatures[0].sig", "refused")
	run("sig-empty", "an empty sig", withSig(map[string]any{"keyid": sig.KeyID, "sig": ""}), 400, "signatures[0].sig", "refused")
	run("sig-number", "sig a number", withSig(map[string]any{"keyid": sig.KeyID, "sig": 0}), 400, "signatures[0].sig", "refused")
	run("sig-bad-base64", "sig not base64", withSig(map[string]any{"keyid": sig.KeyID, "sig": "%%%"}), 400, "signatures[0].sig", "refused")
	raw, _ := base64.StdEncoding.DecodeString(sig.Sig)
	run("sig-63-bytes", "a signature one byte short", withSig(map[string]any{"keyid": sig.KeyID, "sig": base64.StdEncoding.EncodeToString(raw[:63])}), 400, "signatures[0].sig", "refused")
	run("sig-65-bytes", "a signature one byte long", withSig(map[string]any{"keyid": sig.KeyID, "sig": base64.StdEncoding.EncodeToString(append(append([]byte{}, raw...), 0))}), 400, "signatures[0].sig", "refused")
	five := good
	five.Signatures = []signature{sig, sig, sig, sig, sig}
	run("signatures-five", "five signatures, one over the limit of four", marshal(five), 400, "signatures", "ok")
	flood := good
	zero := base64.StdEncoding.EncodeToString(make([]byte, 64))
	flood.Signatures = nil
	for i := 0; i < 200; i++ {
		flood.Signatures = append(flood.Signatures, signature{KeyID: testAgent.KeyID, Sig: zero})
	}
	run("signatures-flood", "200 zero signatures under the enrolled key id: refused before any is checked", marshal(flood), 400, "signatures", "refused")

	// --- signatures that do not verify, or by a key that may not sign
	run("sig-unknown-key", "signed by a key that was never enrolled", marshal(sign(otherAgent, payloadType, minimal)), 401, "signatures[0].keyid", "refused")
	run("sig-revoked-key", "signed by a revoked key", marshal(sign(revokedAgent, payloadType, minimal)), 403, "signatures[0].keyid", "refused")
	impostor := sign(otherAgent, payloadType, minimal)
	impostor.Signatures[0].KeyID = testAgent.KeyID
	run("sig-other-key-known-keyid", "signed by another key under the enrolled key id", marshal(impostor), 401, "signatures[0].sig", "refused")
	run("sig-zero", "a zero signature under the enrolled key id", withSig(map[string]any{"keyid": sig.KeyID, "sig": zero}), 401, "signatures[0].sig", "refused")
	flipped := append([]byte{}, raw...)
	flipped[63] ^= 0x80
	run("sig-bit-flipped", "the signature's last bit flipped", withSig(map[string]any{"keyid": sig.KeyID, "sig": base64.StdEncoding.EncodeToString(flipped)}), 401, "signatures[0].sig", "refused")
	swapped := good
	swapped.Payload = base64.StdEncoding.EncodeToString(edit("100000.5", "900000.5"))
	run("payload-swapped", "the payload replaced after signing", marshal(swapped), 401, "signatures[0].sig", "refused")
	run("keyid-uppercase", "the enrolled key id in upper case", withSig(map[string]any{"keyid": strings.ToUpper(sig.KeyID), "sig": sig.Sig}), 401, "signatures[0].keyid", "refused")
	run("keyid-sql", "SQL in the key id", withSig(map[string]any{"keyid": "' OR '1'='1' --", "sig": sig.Sig}), 401, "signatures[0].keyid", "refused")
	run("keyid-traversal", "a path in the key id", withSig(map[string]any{"keyid": "../../../../etc/passwd", "sig": sig.Sig}), 401, "signatures[0].keyid", "refused")
	run("keyid-nul", "a NUL in the key id", withSig(map[string]any{"keyid": sig.KeyID[:10] + "\x00", "sig": sig.Sig}), 401, "signatures[0].keyid", "refused")

	// --- payloads that are not a JSON object, signed correctly
	signed("payload-not-json", "a signed payload that is not JSON", []byte("not json\n"), 400, "payload")
	signed("payload-truncated", "a signed payload cut in half", minimal[:len(minimal)/2], 400, "payload")
	signed("payload-array", "a signed payload that is an array", []byte("[1, 2]\n"), 400, "payload")
	signed("payload-non-utf8", "a signed payload with a byte that is not UTF-8", edit("bench-01", "bench-\xff1"), 400, "payload")
	signed("payload-cesu8-surrogate", "a signed payload with a UTF-8-encoded surrogate (CESU-8)", edit("bench-01", "bench-\xed\xa0\x80"), 400, "payload")
	signed("payload-utf16le", "a signed payload in UTF-16LE", utf16le(minimal, true), 400, "payload")
	signed("payload-utf16be", "a signed payload in UTF-16BE without a byte order mark", utf16be(minimal), 400, "payload")
	signed("payload-dup-root-key", "runId twice in the payload", edit(`"schemaVersion": 1,`, `"schemaVersion": 1, "runId": "11111111-1111-4111-8111-111111111111",`), 400, "runId")
	signed("payload-dup-nested-key", "requests twice in a repeat", edit(`"requests": 1500000,`, `"requests": 1, "requests": 1500000,`), 400, "results[0].repeats[0].requests")
	signed("payload-trailing-object", "a second object after the payload", append(append([]byte{}, minimal...), []byte("{}")...), 400, "payload")
	signed("payload-trailing-garbage", "bytes after the payload", append(append([]byte{}, minimal...), []byte("x")...), 400, "payload")
	signed("payload-deep-nesting", "a member nested 5,000 levels deep", edit(`"schemaVersion": 1,`, `"schemaVersion": 1, "x": `+strings.Repeat("[", 5000)+strings.Repeat("]", 5000)+`,`), 400, "payload")
	var huge strings.Builder
	for i := 0; i < 20000; i++ {
		if i > 0 {
			huge.WriteByte(',')
		}
		huge.WriteByte('0')
	}
	signed("payload-huge-array", "20,000 numbers in a member the schema does not know", edit(`"schemaVersion": 1,`, `"schemaVersion": 1, "x": [`+huge.String()+`],`), 422, "x")
	flags := strings.TrimSuffix(strings.Repeat(`"-Xint", `, 501), ", ")
	signed("payload-too-many-flags", "501 JVM flags (the limit is 500)", edit(`"flags": ["-Xms512m", "-Xmx512m", "-XX:ActiveProcessorCount=1"]`, `"flags": [`+flags+`]`), 422, "jvm.flags")

	// --- numbers
	rep := "results[0].repeats[0]."
	signed("num-nan", "NaN in a latency", edit(`"p90": 0.9`, `"p90": NaN`), 422, rep+"latencyMs.p90")
	signed("num-infinity", "Infinity as the throughput", edit(`"requestsPerSecond": 100000.5`, `"requestsPerSecond": Infinity`), 422, rep+"requestsPerSecond")
	signed("num-minus-infinity", "-Infinity as a latency", edit(`"p50": 0.55`, `"p50": -Infinity`), 422, rep+"latencyMs.p50")
	signed("num-1e400", "1e400 (beyond a double) as the throughput", edit(`"requestsPerSecond": 100000.5`, `"requestsPerSecond": 1e400`), 422, rep+"requestsPerSecond")
	signed("num-near-double-max", "1.7976931348623157e308 as the throughput", edit(`"requestsPerSecond": 100000.5`, `"requestsPerSecond": 1.7976931348623157e308`), 422, rep+"requestsPerSecond")
	signed("num-latency-near-max", "1.7e308 as the max latency", edit(`"max": 12.0`, `"max": 1.7e308`), 422, rep+"latencyMs.max")
	signed("num-mean-huge", "1e300 as the mean latency", edit(`"mean": 0.62`, `"mean": 1e300`), 422, rep+"latencyMs.mean")
	signed("num-requests-beyond-64-bits", "requests 18446744073709551621 (2^64 + 5)", edit(`"requests": 1500000`, `"requests": 18446744073709551621`), 422, rep+"requests")
	signed("num-requests-2-63", "requests 2^63", edit(`"requests": 1500000`, `"requests": 9223372036854775808`), 422, rep+"requests")
	signed("num-requests-2-63-minus-1", "requests 2^63 - 1 (fits, but sums of it overflow)", edit(`"requests": 1500000`, `"requests": 9223372036854775807`), 422, rep+"requests")
	signed("num-memory-wraps-negative", "memoryBytes 2^64 - 1 (wraps to -1 in 64 bits)", edit(`"memoryBytes": 25769803776`, `"memoryBytes": 18446744073709551615`), 422, "host.memoryBytes")
	signed("num-errors-1e20", "an error count of 10^20", edit(`"status": 0}`, `"status": 100000000000000000000}`), 422, rep+"errors.status")
	signed("num-requests-string", "requests as a string", edit(`"requests": 1500000`, `"requests": "1500000"`), 422, rep+"requests")
	signed("num-rps-string", "the throughput as a string", edit(`"requestsPerSecond": 100000.5`, `"requestsPerSecond": "100000.5"`), 422, rep+"requestsPerSecond")
	signed("num-vcpus-string", "the host's vCPUs as a string", edit(`"vcpus": 2`, `"vcpus": "2"`), 422, "host.vcpus")
	signed("num-negative-rps", "a negative throughput", edit(`"requestsPerSecond": 100000.5`, `"requestsPerSecond": -100000.5`), 422, rep+"requestsPerSecond")
	signed("num-rps-1e15", "10^15 requests per second", edit(`"requestsPerSecond": 100000.5`, `"requestsPerSecond": 1e15`), 422, rep+"requestsPerSecond")
	signed("num-p99-below-p50", "p99 below p50", edit(`"p99": 2.1`, `"p99": 0.1`), 422, rep+"latencyMs.p99")
	signed("num-host-zero-vcpus", "a host with 0 vCPUs", edit(`"vcpus": 2`, `"vcpus": 0`), 422, "host.vcpus")
	signed("num-zero-duration", "a 0 s measurement", edit(`"durationSeconds": 15`, `"durationSeconds": 0`), 422, "results[0].durationSeconds")
	signed("num-duration-absurd", "a measurement of 10^7 s", edit(`"durationSeconds": 15`, `"durationSeconds": 10000000`), 422, "results[0].durationSeconds")
	signed("num-latency-absurd", "a max latency of 10^9 ms", edit(`"max": 12.0`, `"max": 1000000000`), 422, rep+"latencyMs.max")

	// --- timestamps, judged against the time of receipt
	signed("time-year-9999", "a run dated 9999", edit(`"startedAt": "2026-11-01T10:00:00Z",
  "finishedAt": "2026-11-01T10:05:00Z"`, `"startedAt": "9999-12-31T23:00:00Z",
  "finishedAt": "9999-12-31T23:05:00Z"`), 422, "startedAt")
	signed("time-year-2100", "a run dated 2100", edit(`"startedAt": "2026-11-01T10:00:00Z",
  "finishedAt": "2026-11-01T10:05:00Z"`, `"startedAt": "2100-01-01T00:00:00Z",
  "finishedAt": "2100-01-01T00:05:00Z"`), 422, "startedAt")
	signed("time-finished-far-future", "a finish in 2999", edit(`"finishedAt": "2026-11-01T10:05:00Z"`, `"finishedAt": "2999-01-01T00:00:00Z"`), 422, "finishedAt")
	signed("time-year-1900", "a start in 1900", edit(`"startedAt": "2026-11-01T10:00:00Z"`, `"startedAt": "1900-01-01T00:00:00Z"`), 422, "startedAt")
	signed("time-year-0000", "a start in year 0", edit(`"startedAt": "2026-11-01T10:00:00Z"`, `"startedAt": "0000-01-01T00:00:00Z"`), 422, "startedAt")
	signed("time-finished-before-started", "finishedAt before startedAt", edit(`"finishedAt": "2026-11-01T10:05:00Z"`, `"finishedAt": "2026-11-01T09:05:00Z"`), 422, "finishedAt")
	signed("time-not-a-date", "a startedAt that is not a date", edit(`"startedAt": "2026-11-01T10:00:00Z"`, `"startedAt": "yesterday"`), 422, "startedAt")

	// --- names that would spoof the board
	signed("name-empty", "an empty hostname", edit(`"bench-01"`, `""`), 422, "host.hostname")
	signed("name-blank", "a hostname of spaces", edit(`"bench-01"`, `"   "`), 422, "host.hostname")
	signed("name-10kb", "a framework name of 10 KB", edit(`"Netty"`, `"`+strings.Repeat("N", 10240)+`"`), 422, "results[0].framework")
	signed("name-zero-width-only", "a framework name of zero-width spaces only", edit(`"Netty"`, `"\u200b\u200b\u200b"`), 422, "results[0].framework")
	signed("name-zero-width-inside", "Net\\u200bty: a second Netty row", edit(`"Netty"`, `"Net\u200bty"`), 422, "results[0].framework")
	signed("name-zero-width-joiner-raw", "a raw (unescaped) zero-width joiner in the hostname", edit(`"bench-01"`, "\"bench\u200d-01\""), 422, "host.hostname")
	signed("name-bidi-override", "a right-to-left override in the framework", edit(`"Netty"`, `"\u202eytteN"`), 422, "results[0].framework")
	signed("name-bidi-isolate", "a right-to-left isolate in the hostname", edit(`"bench-01"`, `"bench\u2067-01"`), 422, "host.hostname")
	signed("name-control-bell", "a BEL control character in the hostname", edit(`"bench-01"`, `"bench\u0007-01"`), 422, "host.hostname")
	signed("name-nul-hostname", "a NUL in the hostname", edit(`"bench-01"`, `"bench\u0000-01"`), 422, "host.hostname")
	signed("name-nul-framework", "a NUL in the framework", edit(`"Netty"`, `"Ne\u0000tty"`), 422, "results[0].framework")
	signed("name-newline", "a line break in the CPU model", edit(`"AMD EPYC 7B13"`, `"AMD EPYC\n7B13"`), 422, "host.cpuModel")
	signed("name-del", "a DEL character in the JVM vendor", edit(`"Eclipse Adoptium"`, `"Eclipse\u007fAdoptium"`), 422, "jvm.vendor")
	signed("name-c1-control", "a C1 control (NEL) in the suite name", edit(`"podium-standard"`, `"podium\u0085standard"`), 422, "suite.name")
	signed("name-lone-high-surrogate", "a lone high surrogate in the hostname", edit(`"bench-01"`, `"bench\ud800-01"`), 422, "host.hostname")
	signed("name-lone-low-surrogate", "a lone low surrogate in the framework", edit(`"Netty"`, `"Netty\udc00"`), 422, "results[0].framework")
	signed("name-control-in-flag", "an escape character in a JVM flag", edit(`"-Xms512m"`, `"-Xms512m\u001b[2J"`), 422, "jvm.flags[0]")

	// --- size and media type
	big := Request{Method: "POST", Path: "/api/runs", Headers: map[string]string{"Content-Type": jsonType}}
	s := string(goodJSON)
	big.Body = &s
	big.PadBody = 1100000
	writeCase("size-over-limit", Case{About: "1.1 MB with Content-Length (the limit is 1 MiB)", Request: big, Expect: Expect{Status: 413}})
	chunked := big
	chunked.Chunked = true
	writeCase("size-over-limit-chunked", Case{About: "1.1 MB chunked, without Content-Length", Request: chunked, Expect: Expect{Status: 413}})
	huger := chunked
	huger.PadBody = 5 * 1024 * 1024
	writeCase("size-over-body-limit-chunked", Case{About: "5 MB chunked: beyond the HTTP layer's own limit, still problem+json", Request: huger, Expect: Expect{Status: 413}})
	for _, ct := range []struct{ name, value string }{{"text-plain", "text/plain"}, {"form", "application/x-www-form-urlencoded"},
		{"utf16-charset", "application/json; charset=utf-16"}, {"xml", "application/xml"}, {"missing", ""}} {
		writeCase("content-type-"+ct.name, Case{About: "a valid envelope sent as " + map[bool]string{true: "no Content-Type", false: ct.value}[ct.value == ""],
			Request: request("POST", "/api/runs", ct.value, goodJSON), Expect: Expect{Status: 415, Field: "Content-Type"}, Verify: "ok"})
	}

	// --- admin endpoints
	admin := func(name, about, path, authorization, contentType string, body []byte, status int, field string) {
		r := request("POST", path, contentType, body)
		if authorization != "" {
			if r.Headers == nil {
				r.Headers = map[string]string{}
			}
			r.Headers["Authorization"] = authorization
		}
		writeCase(name, Case{About: about, Request: r, Expect: Expect{Status: status, Field: field}})
	}
	enrol := func(name, pub string) []byte { return marshal(map[string]string{"name": name, "publicKey": pub}) }
	otherBody := enrol("other", otherAgent.PublicKey)
	const token = "Bearer ${adminToken}"
	admin("admin-enrol-no-token", "enrolment without a token", "/api/agents", "", jsonType, otherBody, 401, "Authorization")
	admin("admin-enrol-wrong-token", "enrolment with a wrong token", "/api/agents", "Bearer wrong", jsonType, otherBody, 403, "Authorization")
	admin("admin-enrol-basic-auth", "enrolment with Basic credentials", "/api/agents", "Basic YWRtaW46YWRtaW4=", jsonType, otherBody, 401, "Authorization")
	admin("admin-enrol-token-longer", "the right token with one more character", "/api/agents", "Bearer ${adminToken}x", jsonType, otherBody, 403, "Authorization")
	admin("admin-revoke-no-token", "revocation without a token", "/api/agents/1/revoke", "", "", nil, 401, "Authorization")
	admin("admin-revoke-wrong-token", "revocation with a wrong token", "/api/agents/1/revoke", "Bearer wrong", "", nil, 403, "Authorization")
	admin("enrol-dup-name", "a duplicate name key in the enrolment body", "/api/agents", token, jsonType,
		[]byte(`{"name": "a", "name": "b", "publicKey": "`+otherAgent.PublicKey+`"}`), 400, "name")
	admin("enrol-dup-public-key", "a duplicate publicKey key in the enrolment body", "/api/agents", token, jsonType,
		[]byte(`{"name": "a", "publicKey": "`+testAgent.PublicKey+`", "publicKey": "`+otherAgent.PublicKey+`"}`), 400, "publicKey")
	admin("enrol-trailing", "bytes after the enrolment body", "/api/agents", token, jsonType, append(append([]byte{}, otherBody...), '}'), 400, "")
	admin("enrol-array", "an enrolment body that is an array", "/api/agents", token, jsonType, []byte("[]"), 400, "")
	admin("enrol-empty", "an empty enrolment body", "/api/agents", token, jsonType, []byte{}, 400, "")
	admin("enrol-text-plain", "an enrolment body sent as text/plain", "/api/agents", token, "text/plain", otherBody, 415, "Content-Type")
	admin("enrol-name-nul", "a NUL in the agent's name", "/api/agents", token, jsonType, enrol("ben\x00ch\x00", otherAgent.PublicKey), 422, "name")
	admin("enrol-name-bidi", "a right-to-left override in the agent's name", "/api/agents", token, jsonType, enrol("\u202ebench", otherAgent.PublicKey), 422, "name")
	admin("enrol-name-zero-width", "an agent name of zero-width spaces", "/api/agents", token, jsonType, enrol("\u200b\u200b", otherAgent.PublicKey), 422, "name")
	admin("enrol-key-short", "a 31-byte public key", "/api/agents", token, jsonType, enrol("short", base64.StdEncoding.EncodeToString(make([]byte, 31))), 422, "publicKey")
	admin("enrol-key-not-base64", "a public key that is not base64", "/api/agents", token, jsonType, enrol("junk", "not base64!"), 422, "publicKey")
	weak := []struct{ name, hex, about string }{
		{"zero", "0000000000000000000000000000000000000000000000000000000000000000", "all zeros (a point of order 4)"},
		{"identity", "0100000000000000000000000000000000000000000000000000000000000000", "the neutral element (order 1)"},
		{"order-2", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", "the point of order 2"},
		{"order-4-neg", "0000000000000000000000000000000000000000000000000000000000000080", "a point of order 4, sign bit set"},
		{"order-8-a", "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", "a point of order 8"},
		{"order-8-b", "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85", "a point of order 8"},
		{"order-8-c", "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", "a point of order 8"},
		{"order-8-d", "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa", "a point of order 8"},
		{"noncanonical-identity", "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", "y = p + 1: the neutral element, not canonically encoded"},
		{"noncanonical-y-p", "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", "y = p: a point of order 4, not canonically encoded"},
		{"noncanonical-identity-sign", "0100000000000000000000000000000000000000000000000000000000000080", "the neutral element with the sign bit set"},
		{"noncanonical-order-2-sign", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "the point of order 2 with the sign bit set"},
		{"not-on-curve", "0200000000000000000000000000000000000000000000000000000000000000", "y = 2: not a point on the curve"},
	}
	for _, w := range weak {
		b, err := hex.DecodeString(w.hex)
		must(err)
		admin("enrol-weak-key-"+w.name, "a weak public key: "+w.about, "/api/agents", token, jsonType,
			enrol("weak", base64.StdEncoding.EncodeToString(b)), 422, "publicKey")
	}

	// --- ids and query parameters
	get := func(name, about, path string, status int, field string) {
		writeCase(name, Case{About: about, Request: Request{Method: "GET", Path: path}, Expect: Expect{Status: status, Field: field}})
	}
	get("read-run-traversal", "path traversal as a run id", "/api/runs/..%2F..%2F..%2Fetc%2Fpasswd", 404, "")
	get("read-run-sql", "SQL as a run id", "/api/runs/'%20OR%20'1'='1", 404, "")
	get("read-run-nul", "a NUL as a run id", "/api/runs/%00", 400, "path")
	get("read-envelope-sql", "SQL as a run id of an envelope", "/api/runs/1;DROP%20TABLE%20runs/envelope", 404, "")
	get("read-agent-sql", "SQL as an agent id", "/api/agents/1%20OR%201=1", 404, "")
	get("read-agent-beyond-64-bits", "an agent id beyond 64 bits", "/api/agents/99999999999999999999", 404, "")
	get("read-host-class-nul", "?hostClass=%00", "/api/leaderboard?scenario=plaintext&hostClass=%00", 400, "hostClass")
	get("read-host-class-sql", "SQL as a host class: no such class", "/api/leaderboard?scenario=plaintext&hostClass=%27%20OR%20%271%27%3D%271", 200, "")
	get("read-framework-nul", "a NUL in a framework filter", "/api/history?scenario=plaintext&framework=Net%00ty", 400, "framework")
	get("read-from-year-10000", "a year beyond 9999 in from", "/api/leaderboard?scenario=plaintext&from=%2B10000-01-01T00:00:00Z", 400, "from")
	get("read-to-year-0", "year 0 in to", "/api/leaderboard?scenario=plaintext&to=0000-01-01T00:00:00Z", 400, "to")
	get("read-page-huge", "a page number beyond 32 bits", "/api/runs?page=99999999999", 400, "page")
	get("read-size-negative", "a negative page size", "/api/runs?size=-1", 400, "size")
	get("read-format-nul", "a NUL as the format", "/api/runs?format=%00", 400, "format")
	get("read-size-malformed-percent", "malformed percent-encoding in a query parameter", "/api/runs?size=%zz", 400, "size")
	get("read-host-class-truncated-percent", "a truncated percent-encoding in a filter", "/api/leaderboard?scenario=plaintext&hostClass=%2", 400, "hostClass")
	get("read-name-malformed-percent", "malformed percent-encoding in a query parameter's name", "/api/runs?%zz=1", 400, "")
	get("site-query-malformed-percent", "malformed percent-encoding in a page's query", "/leaderboard/plaintext?hostClass=%zz", 400, "hostClass")
	get("read-path-malformed-percent", "malformed percent-encoding in a path", "/api/runs/%zz", 400, "")
	get("read-path-truncated-percent", "a truncated percent-encoding at the end of a path", "/api/frameworks/netty%2", 400, "")
	get("read-framework-page-nul", "a NUL in a framework page's slug", "/api/frameworks/Net%00ty", 400, "path")
	get("read-framework-page-newline", "a line feed in a framework page's slug", "/api/frameworks/netty%0A", 400, "path")
	get("read-framework-page-not-utf8", "percent-encoding that is not UTF-8 in a slug", "/api/frameworks/%C3%28", 400, "path")
	get("read-badge-nul", "a NUL in a badge's slug", "/api/badges/net%00ty/plaintext.svg", 400, "path")

	fmt.Printf("wrote %d hostile-input cases\n", count)
}
