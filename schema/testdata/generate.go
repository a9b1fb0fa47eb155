// Command generate writes Podium's shared test vectors: keys, invalid payloads derived from
// payloads/valid/minimal.json (v1) and payloads/valid/v2-minimal.json (v2), DSSE envelopes signed with the
// test keys (a valid payload named v2-* under the v2 payloadType), cases.json, the rules' vectors, and the
// hostile-input corpus (hostile.go). Both sign with dsse.go's test keys.
// Ed25519 is deterministic and the seeds are fixed, so a rerun reproduces the same bytes.
// Run from this folder: go run .
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

const (
	payloadType   = "application/vnd.podium.run.v1+json"
	payloadTypeV2 = "application/vnd.podium.run.v2+json"
)

type testCase struct {
	Envelope string `json:"envelope"`
	Status   int    `json:"status"`
	Field    string `json:"field,omitempty"`
	About    string `json:"about"`
}

func write(path string, data []byte) {
	must(os.MkdirAll(filepath.Dir(path), 0o755))
	must(os.WriteFile(path, data, 0o644))
}

func writeJSON(path string, v any) {
	b, err := json.MarshalIndent(v, "", "  ")
	must(err)
	write(path, append(b, '\n'))
}

func decode(b []byte) map[string]any {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var m map[string]any
	must(d.Decode(&m))
	return m
}

func cell0(m map[string]any) map[string]any { return m["results"].([]any)[0].(map[string]any) }
func repeat0(m map[string]any) map[string]any {
	return cell0(m)["repeats"].([]any)[0].(map[string]any)
}
func usage0(m map[string]any) map[string]any { return repeat0(m)["usage"].(map[string]any) }

// forks gives cell 0 one repeat per given JVM start index, copies of its first repeat (-1: a repeat without fork).
func forks(m map[string]any, starts ...int) {
	var reps []any
	for _, f := range starts {
		r := map[string]any{}
		for k, v := range repeat0(m) {
			r[k] = v
		}
		delete(r, "fork")
		if f >= 0 {
			r["fork"] = f
		}
		reps = append(reps, r)
	}
	cell0(m)["repeats"] = reps
}

// starts gives cell 0 the JVM starts listed as {fork, round} pairs, each started a minute after the one before, first
// in its round (schema/README.md, "rounds").
func starts(m map[string]any, forkRounds ...[2]int) {
	var list []any
	for i, fr := range forkRounds {
		list = append(list, map[string]any{
			"fork": fr[0], "round": fr[1], "startedAt": fmt.Sprintf("2026-11-01T10:%02d:00Z", i), "order": 0,
		})
	}
	cell0(m)["starts"] = list
}

type mutation struct {
	name, field, about string
	status             int
	mutate             func(m map[string]any)
	raw                func(b []byte) []byte
}

// v2Mutations break the rules payload v2 adds (schema/README.md, "Payload v2"); each starts from v2-minimal.json.
var v2Mutations = []mutation{
	{"target-cpu-above-wall", "results[0].repeats[0].usage.targetCpuUserSeconds",
		"v2: the target used more CPU than wall time x its vCPUs allow", 422,
		func(m map[string]any) { usage0(m)["targetCpuUserSeconds"] = 30.5 }, nil},
	{"generator-cpu-above-wall", "results[0].repeats[0].usage.generatorCpuSeconds",
		"v2: the load generator used more CPU than wall time x the host's vCPUs allow", 422,
		func(m map[string]any) { usage0(m)["generatorCpuSeconds"] = 40 }, nil},
	{"rss-peak-below-mean", "results[0].repeats[0].usage.targetRssPeakBytes", "v2: peak resident memory below its mean", 422,
		func(m map[string]any) { usage0(m)["targetRssPeakBytes"] = 1048576 }, nil},
	{"missing-usage", "results[0].repeats[0].usage", "v2: a repeat without what it cost", 422,
		func(m map[string]any) { delete(repeat0(m), "usage") }, nil},
	{"missing-host-settings", "host.settings", "v2: host metadata without its settings", 422,
		func(m map[string]any) { delete(m["host"].(map[string]any), "settings") }, nil},
	{"unknown-flag", "results[0].flags[0]", "v2: a cell flag the schema does not define", 422,
		func(m map[string]any) { cell0(m)["flags"] = []any{"lucky"} }, nil},
	{"unknown-classification", "results[0].classification", "v2: a target classification the schema does not define", 422,
		func(m map[string]any) { cell0(m)["classification"] = "framework" }, nil},
	{"unknown-topology", "results[0].topology", "v2: a topology other than single and nginx-N", 422,
		func(m map[string]any) { cell0(m)["topology"] = "haproxy-2" }, nil},
	{"unknown-jvm-mode", "results[0].jvmMode", "v2: a JVM mode other than default and aot-cache", 422,
		func(m map[string]any) { cell0(m)["jvmMode"] = "native-image" }, nil},
	{"fork-gap", "results[0].repeats[1].fork", "v2: JVM starts numbered with a gap (0, then 2)", 422,
		func(m map[string]any) { forks(m, 0, 2) }, nil},
	{"fork-missing", "results[0].repeats[1].fork", "v2: one repeat names its JVM start, the next does not", 422,
		func(m map[string]any) { forks(m, 0, -1) }, nil},
	{"starts-without-fork", "results[0].repeats[0].fork", "v2: a cell lists its JVM starts, its repeats do not name theirs", 422,
		func(m map[string]any) { starts(m, [2]int{0, 0}) }, nil},
	{"starts-fork-twice", "results[0].starts[1].fork", "v2: a cell lists the same JVM start twice", 422,
		func(m map[string]any) { forks(m, 0, 1); starts(m, [2]int{0, 0}, [2]int{0, 1}) }, nil},
	{"starts-fork-unlisted", "results[0].starts", "v2: a JVM start of the cell's repeats is not among its starts", 422,
		func(m map[string]any) { forks(m, 0, 1); starts(m, [2]int{0, 0}) }, nil},
	{"starts-fork-unmeasured", "results[0].starts[1].fork", "v2: a cell lists a JVM start none of its repeats was measured on", 422,
		func(m map[string]any) { forks(m, 0, 0); starts(m, [2]int{0, 0}, [2]int{1, 1}) }, nil},
	{"starts-round-twice", "results[0].starts[1].round", "v2: two JVM starts of one cell in the same round", 422,
		func(m map[string]any) { forks(m, 0, 1); starts(m, [2]int{0, 2}, [2]int{1, 2}) }, nil},
	{"unknown-warmup", "results[0].warmup", "v2: a warm-up other than full and check", 422,
		func(m map[string]any) { cell0(m)["warmup"] = "partial" }, nil},
	{"warmup-window-without-time", "results[0].warmupWindows[0].seconds", "v2: a warm-up window of no time", 422,
		func(m map[string]any) {
			cell0(m)["warmupWindows"] = []any{map[string]any{"seconds": 0, "requestsPerSecond": 1000}}
		}, nil},
	{"raw-output-not-base64", "results[0].rawOutput", "v2: raw output that is not base64", 422,
		func(m map[string]any) { cell0(m)["rawOutput"] = "wrk said: Requests/sec 100" }, nil},
	{"raw-output-not-gzip", "results[0].rawOutput", "v2: raw output that is base64 but not gzip", 422,
		func(m map[string]any) { cell0(m)["rawOutput"] = "UmVxdWVzdHMvc2VjOiAxMDAK" }, nil},
	{"gc-share-above-one", "results[0].repeats[0].usage.gcCpuShare", "v2: GC threads with more CPU time than the target had", 422,
		func(m map[string]any) { usage0(m)["gcCpuShare"] = 1.5 }, nil},
	{"steal-share-above-one", "results[0].repeats[0].stealShare", "v2: a repeat whose host took more than all of the machine's CPU time", 422,
		func(m map[string]any) { repeat0(m)["stealShare"] = 1.5 }, nil},
	{"cost-ladder-rate-zero", "results[0].costLadder.rates[0]", "v2: a cost cell whose ladder offers a rate of 0 req/s", 422,
		func(m map[string]any) {
			c := cell0(m)
			c["loadModel"], c["targetRate"], c["achievedRate"] = "open", 1000, 1000
			c["costLadder"] = map[string]any{"rates": []any{0, 1000}}
		}, nil},
}

func main() {
	testAgent, otherAgent := newKey("test-agent"), newKey("other-agent")
	writeJSON("keys/test-agent.json", testAgent)
	writeJSON("keys/other-agent.json", otherAgent)

	minimal, err := os.ReadFile("payloads/valid/minimal.json")
	must(err)
	const sentinel = "987654.321"
	mutations := []mutation{
		{"negative-requests", "results[0].repeats[0].requests", "a negative request count", 422,
			func(m map[string]any) { repeat0(m)["requests"] = -1 }, nil},
		{"negative-errors", "results[0].repeats[0].errors.timeout", "a negative error count", 422,
			func(m map[string]any) { repeat0(m)["errors"].(map[string]any)["timeout"] = -3 }, nil},
		{"nan-latency", "results[0].repeats[0].latencyMs.p90", "NaN where a number belongs", 422,
			func(m map[string]any) { repeat0(m)["latencyMs"].(map[string]any)["p90"] = json.Number(sentinel) },
			func(b []byte) []byte { return bytes.Replace(b, []byte(sentinel), []byte("NaN"), 1) }},
		{"infinite-throughput", "results[0].repeats[0].requestsPerSecond", "Infinity where a number belongs", 422,
			func(m map[string]any) { repeat0(m)["requestsPerSecond"] = json.Number(sentinel) },
			func(b []byte) []byte { return bytes.Replace(b, []byte(sentinel), []byte("Infinity"), 1) }},
		{"percentiles-out-of-order", "results[0].repeats[0].latencyMs.p90", "p90 below p75", 422,
			func(m map[string]any) { repeat0(m)["latencyMs"].(map[string]any)["p90"] = 0.6 }, nil},
		{"max-below-p999", "results[0].repeats[0].latencyMs.max", "max below p99.9", 422,
			func(m map[string]any) { repeat0(m)["latencyMs"].(map[string]any)["max"] = 1.0 }, nil},
		{"unknown-scenario", "results[0].scenario", "a scenario the methodology does not define", 422,
			func(m map[string]any) { cell0(m)["scenario"] = "fortunes" }, nil},
		{"unknown-io-model", "results[0].ioModel", "an I/O model outside the three", 422,
			func(m map[string]any) { cell0(m)["ioModel"] = "reactive" }, nil},
		{"unknown-load-model", "results[0].loadModel", "a load model other than closed or open", 422,
			func(m map[string]any) { cell0(m)["loadModel"] = "burst" }, nil},
		{"zero-vcpus", "results[0].vcpus", "a cell on zero vCPUs", 422,
			func(m map[string]any) { cell0(m)["vcpus"] = 0 }, nil},
		{"no-repeats", "results[0].repeats", "a cell without repeats", 422,
			func(m map[string]any) { cell0(m)["repeats"] = []any{} }, nil},
		{"no-results", "results", "a run without cells", 422,
			func(m map[string]any) { m["results"] = []any{} }, nil},
		{"missing-cpu-model", "host.cpuModel", "host metadata without the CPU model", 422,
			func(m map[string]any) { delete(m["host"].(map[string]any), "cpuModel") }, nil},
		{"unknown-field", "results[0].colour", "a field the schema does not define", 422,
			func(m map[string]any) { cell0(m)["colour"] = "red" }, nil},
		{"wrong-schema-version", "schemaVersion", "schemaVersion 2 sent to the v1 endpoint", 422,
			func(m map[string]any) { m["schemaVersion"] = 2 }, nil},
		{"bad-run-id", "runId", "a runId that is not a UUID", 422,
			func(m map[string]any) { m["runId"] = "run-42" }, nil},
		{"open-loop-without-rate", "results[0].targetRate", "an open-loop cell without its target rate", 422,
			func(m map[string]any) { cell0(m)["loadModel"] = "open" }, nil},
		{"finished-before-started", "finishedAt", "finishedAt earlier than startedAt", 422,
			func(m map[string]any) { m["finishedAt"] = "2026-11-01T09:00:00Z" }, nil},
		{"too-many-repeats", "results[0].repeats", "101 repeats in one cell (the limit is 100)", 422,
			func(m map[string]any) {
				r := repeat0(m)
				many := make([]any, 101)
				for i := range many {
					many[i] = r
				}
				cell0(m)["repeats"] = many
			}, nil},
	}

	var cases []testCase
	envelopeAs := func(typ, name string, body []byte) string {
		path := "envelopes/" + name + ".dsse.json"
		writeJSON(path, sign(testAgent, typ, body))
		return path
	}
	envelopeFor := func(name string, body []byte) string { return envelopeAs(payloadType, name, body) }

	valid, err := filepath.Glob("payloads/valid/*.json")
	must(err)
	sort.Strings(valid)
	for _, p := range valid {
		b, err := os.ReadFile(p)
		must(err)
		name := strings.TrimSuffix(filepath.Base(p), ".json")
		typ := payloadType
		if strings.HasPrefix(name, "v2-") {
			typ = payloadTypeV2
		}
		cases = append(cases, testCase{Envelope: envelopeAs(typ, name, b), Status: 201, About: "a valid run: " + name})
	}

	v2Minimal, err := os.ReadFile("payloads/valid/v2-minimal.json")
	must(err)
	mutated := func(base []byte, typ, prefix string, list []mutation) {
		for _, mu := range list {
			m := decode(base)
			mu.mutate(m)
			b, err := json.MarshalIndent(m, "", "  ")
			must(err)
			if mu.raw != nil {
				b = mu.raw(b)
			}
			b = append(b, '\n')
			write("payloads/invalid/"+prefix+mu.name+".json", b)
			cases = append(cases, testCase{Envelope: envelopeAs(typ, "invalid-"+prefix+mu.name, b), Status: mu.status, Field: mu.field, About: mu.about})
		}
	}
	mutated(minimal, payloadType, "", mutations)
	mutated(v2Minimal, payloadTypeV2, "v2-", v2Mutations)

	// The schemaVersion must match the payloadType: correctly signed, refused as the version's payload (422).
	cases = append(cases, testCase{Envelope: envelopeAs(payloadType, "v2-payload-as-v1", v2Minimal), Status: 422, Field: "schemaVersion",
		About: "a v2 payload signed as application/vnd.podium.run.v1+json"})
	cases = append(cases, testCase{Envelope: envelopeAs(payloadTypeV2, "v1-payload-as-v2", minimal), Status: 422, Field: "schemaVersion",
		About: "a v1 payload signed as application/vnd.podium.run.v2+json"})

	// Same runId as minimal.json, other bytes: a conflict, never an overwrite.
	conflict := bytes.Replace(minimal, []byte("100000.5"), []byte("99999.5"), 1)
	write("payloads/conflict/minimal-other-bytes.json", conflict)
	cases = append(cases, testCase{Envelope: envelopeFor("conflict-minimal", conflict), Status: 409, Field: "runId",
		About: "minimal's runId with other payload bytes, sent after minimal"})

	// Signature failures.
	good := sign(testAgent, payloadType, minimal)
	bad := good
	sig, _ := base64.StdEncoding.DecodeString(good.Signatures[0].Sig)
	sig[0] ^= 0x01
	bad.Signatures = []signature{{KeyID: good.Signatures[0].KeyID, Sig: base64.StdEncoding.EncodeToString(sig)}}
	writeJSON("envelopes/bad-signature.dsse.json", bad)
	cases = append(cases, testCase{Envelope: "envelopes/bad-signature.dsse.json", Status: 401, Field: "signatures[0].sig", About: "one bit of the signature flipped"})

	tampered := good
	tampered.Payload = base64.StdEncoding.EncodeToString(bytes.Replace(minimal, []byte("bench-01"), []byte("bench-99"), 1))
	writeJSON("envelopes/tampered-payload.dsse.json", tampered)
	cases = append(cases, testCase{Envelope: "envelopes/tampered-payload.dsse.json", Status: 401, Field: "signatures[0].sig", About: "payload edited after signing"})

	retyped := good
	retyped.PayloadType = "application/vnd.podium.run.v3+json" // v2 is a known type since payload v2
	writeJSON("envelopes/wrong-payload-type.dsse.json", retyped)
	cases = append(cases, testCase{Envelope: "envelopes/wrong-payload-type.dsse.json", Status: 400, Field: "payloadType", About: "a payloadType other than the v1 and v2 runs"})

	writeJSON("envelopes/unknown-key.dsse.json", sign(otherAgent, payloadType, minimal))
	cases = append(cases, testCase{Envelope: "envelopes/unknown-key.dsse.json", Status: 401, Field: "signatures[0].keyid", About: "signed by a key that was never enrolled"})

	// Malformed envelopes.
	write("envelopes/not-json.dsse.json", []byte("{\"payloadType\": \"application/vnd.podium.run.v1+json\", \"payload\": \n"))
	cases = append(cases, testCase{Envelope: "envelopes/not-json.dsse.json", Status: 400, About: "a body that is not JSON"})
	writeJSON("envelopes/missing-payload.dsse.json", map[string]any{"payloadType": payloadType, "signatures": good.Signatures})
	cases = append(cases, testCase{Envelope: "envelopes/missing-payload.dsse.json", Status: 400, Field: "payload", About: "no payload"})
	writeJSON("envelopes/bad-base64.dsse.json", envelope{PayloadType: payloadType, Payload: "not*base64!", Signatures: good.Signatures})
	cases = append(cases, testCase{Envelope: "envelopes/bad-base64.dsse.json", Status: 400, Field: "payload", About: "a payload that is not base64"})
	writeJSON("envelopes/no-signatures.dsse.json", envelope{PayloadType: payloadType, Payload: good.Payload, Signatures: []signature{}})
	cases = append(cases, testCase{Envelope: "envelopes/no-signatures.dsse.json", Status: 400, Field: "signatures", About: "an empty signature list"})
	notJSONPayload := []byte("this payload is not JSON\n")
	cases = append(cases, testCase{Envelope: envelopeFor("payload-not-json", notJSONPayload), Status: 400, Field: "payload", About: "a correctly signed payload that is not JSON"})

	// PAE of minimal.json, for unit tests of the encoding itself.
	write("pae/minimal.pae", pae(payloadType, minimal))
	write("pae/v2-minimal.pae", pae(payloadTypeV2, v2Minimal))
	writeJSON("cases.json", cases)
	fmt.Printf("wrote %d cases\n", len(cases))
	writeRules()
	writeHostile()
}

// errs is a repeat's errors by kind, as in the payload.
type errs struct {
	Connect int64 `json:"connect"`
	Read    int64 `json:"read"`
	Write   int64 `json:"write"`
	Timeout int64 `json:"timeout"`
	Status  int64 `json:"status"`
}

type repeatCount struct {
	Requests int64 `json:"requests"`
	Errors   errs  `json:"errors"`
}

type api struct {
	Current  float64 `json:"current"`
	Required float64 `json:"required"`
}

type apiPlan struct {
	PerServerToday      float64 `json:"perServerToday"`
	PerServerAfter      float64 `json:"perServerAfter"`
	SystemAfter         float64 `json:"systemAfter"`
	ServersToAddWithout int64   `json:"serversToAddWithout"`
	ServersToAddWith    int64   `json:"serversToAddWith"`
	ServersSaved        int64   `json:"serversSaved"`
}

// writeRules writes the vectors of the rules defined once for every language (schema/README.md, "Shared rules"):
// expected values are written here by hand, not computed, so that no implementation is its own oracle.
func writeRules() {
	rep := func(requests int64, e errs) repeatCount { return repeatCount{requests, e} }
	writeJSON("rules/error-rate.json", []map[string]any{
		{"about": "no attempt at all", "repeats": []repeatCount{rep(0, errs{})}, "errorRate": 0, "highErrorRate": false},
		{"about": "status and timeout errors are answered requests, among requests: exactly 1% is not over",
			"repeats": []repeatCount{rep(10000, errs{Timeout: 40, Status: 60})}, "errorRate": 0.01, "highErrorRate": false},
		{"about": "status errors among 9,900 requests: over 1% (requests + all errors would say exactly 1%)",
			"repeats": []repeatCount{rep(9900, errs{Status: 100})}, "errorRate": 100.0 / 9900, "highErrorRate": true},
		{"about": "connect, read and write errors are attempts outside requests",
			"repeats": []repeatCount{rep(9900, errs{Connect: 50, Read: 30, Write: 20})}, "errorRate": 0.01, "highErrorRate": false},
		{"about": "socket errors just over 1%", "repeats": []repeatCount{rep(9899, errs{Read: 101})}, "errorRate": 0.0101, "highErrorRate": true},
		{"about": "the cell's repeats are added up: one repeat at 2% in a cell at 0.2% is not flagged",
			"repeats": []repeatCount{rep(1000, errs{Status: 20}), rep(9000, errs{})}, "errorRate": 0.002, "highErrorRate": false},
		{"about": "every attempt failed to connect", "repeats": []repeatCount{rep(0, errs{Connect: 5})}, "errorRate": 1, "highErrorRate": true},
		{"about": "more answered errors than requests (not a real count) is capped at 1",
			"repeats": []repeatCount{rep(10, errs{Status: 20})}, "errorRate": 1, "highErrorRate": true},
	})
	plan := func(today, after, system float64, without, with int64) apiPlan {
		return apiPlan{today, after, system, without, with, without - with}
	}
	writeJSON("rules/calculator.json", []map[string]any{
		{"about": "one API, 2.5 times faster", "servers": 4, "ratio": 2.5, "apis": []api{{1000, 3000}},
			"plans": []apiPlan{plan(250, 625, 2500, 8, 1)}},
		{"about": "a slower framework B needs servers where A needed none", "servers": 2, "ratio": 0.5, "apis": []api{{1000, 800}},
			"plans": []apiPlan{plan(500, 250, 500, 0, 2)}},
		{"about": "binary noise: 2.1 / 0.3 is 7.000000000000001 and must stay 7", "servers": 1, "ratio": 2, "apis": []api{{0.3, 2.4}},
			"plans": []apiPlan{plan(0.3, 0.6, 0.6, 7, 3)}},
		{"about": "three APIs add up", "servers": 10, "ratio": 1.8, "apis": []api{{2000, 5000}, {500, 450}, {1200, 2400}},
			"plans": []apiPlan{plan(200, 360, 3600, 15, 4), plan(50, 90, 900, 0, 0), plan(120, 216, 2160, 10, 2)}},
		{"about": "no servers today: refused", "servers": 0, "ratio": 2, "apis": []api{{1000, 3000}}, "refused": true},
		{"about": "a ratio of 0: refused", "servers": 4, "ratio": 0, "apis": []api{{1000, 3000}}, "refused": true},
	})
	writeJSON("rules/csv.json", map[string]any{
		"about": "the one CSV dialect of the API's tables and the site's downloads: RFC 4180 with CRLF, snake_case " +
			"headers, lists joined with a space, text a spreadsheet would run neutralised, empty for null",
		"header": []string{"framework", "ioModel", "rpsTrimmedMean", "p99Ms", "flags", "note"},
		"rows": [][]any{
			{"Netty", "non-blocking", 1.5, 3, []string{"noisy", "high-error-rate"}, nil},
			{"=HYPERLINK(\"x\")", "blocking", 0, 2.25, []string{}, "a, \"quoted\"\r\nline"},
			{"-1", "+x", -2, 7, []string{"noisy"}, "@home"},
		},
		"csv": "framework,io_model,rps_trimmed_mean,p99_ms,flags,note\r\n" +
			"Netty,non-blocking,1.5,3,noisy high-error-rate,\r\n" +
			"\"'=HYPERLINK(\"\"x\"\")\",blocking,0,2.25,,\"a, \"\"quoted\"\"\r\nline\"\r\n" +
			"'-1,'+x,-2,7,noisy,'@home\r\n",
	})
}
