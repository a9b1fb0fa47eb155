package ab

import (
	"fmt"
	"io"
	"strings"

	"podium.dev/agent/internal/host"
)

// PayloadType is the DSSE payload type of a signed A/B: its payload is the Report's JSON (schema/ab.v1.schema.json).
const PayloadType = "application/vnd.podium.ab.v1+json"

// Report is what an A/B prints, and writes as JSON and Markdown; its JSON is also what --push signs and sends
// (schema/ab.v1.schema.json), so the file kept and the comparison the service keeps are the same bytes.
type Report struct {
	SchemaVersion int       `json:"schemaVersion"` // 1
	Target        string    `json:"target"`
	Framework     Framework `json:"framework"`
	A             string    `json:"a"` // what variant A is (Variant.Describe)
	B             string    `json:"b"`
	Variants      []Side    `json:"variants"` // A then B: what each side was, field by field
	// AA says both sides start the same build with the same settings, so any difference is the host's noise.
	AA           bool      `json:"aa,omitempty"`
	Rounds       int       `json:"rounds"`
	Profile      string    `json:"profile"`
	RunID        string    `json:"runId"` // the measured run's id, also the comparison's id at the service
	StartedAt    string    `json:"startedAt"`
	FinishedAt   string    `json:"finishedAt"`
	AgentVersion string    `json:"agentVersion"`
	Suite        Suite     `json:"suite"`
	Host         host.Info `json:"host"` // the host block a run carries
	Cells        []Cell    `json:"cells"`
}

// Framework is the target's framework as the suite names it.
type Framework struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Suite is the suite the target came from.
type Suite struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Commit  string `json:"commit,omitempty"`
}

// Side is one variant's provenance: its label, what it added to the target's starts and, for the variant kinds
// that change them, its framework version and suite commit (empty: the suite's).
type Side struct {
	Label            string   `json:"label"` // A or B
	Describe         string   `json:"describe"`
	JVMFlags         []string `json:"jvmFlags"`
	Env              []string `json:"env"`
	FrameworkVersion string   `json:"frameworkVersion,omitempty"`
	SuiteCommit      string   `json:"suiteCommit,omitempty"`
}

// Provenance is the variant as the report's Side labelled label.
func (v Variant) Provenance(label string) Side {
	return Side{Label: label, Describe: v.Describe(), JVMFlags: nonNil(v.JVMFlags), Env: nonNil(v.Env),
		FrameworkVersion: v.FrameworkVersion, SuiteCommit: v.Commit}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// hostLine is the host in one line: its CPU model and the CPUs the target ran on.
func (r Report) hostLine() string {
	if r.Host.ServerCPUs == "" {
		return r.Host.CPUModel
	}
	return fmt.Sprintf("%s, target on CPUs %s", r.Host.CPUModel, r.Host.ServerCPUs)
}

// labels of the figures in the report
var labels = map[string]string{
	"throughput":          "throughput",
	"p99":                 "p99 latency",
	"cpuPerRequest":       "CPU per request",
	"allocatedPerRequest": "allocation per request",
}

func (f Figure) interval() string {
	if f.Low == nil {
		return "no interval (one round)"
	}
	return fmt.Sprintf("%.3f-%.3f", *f.Low, *f.High)
}

func (f Figure) detectable() string {
	if f.Detectable == nil {
		return "-"
	}
	return fmt.Sprintf("±%.1f%%", *f.Detectable*100)
}

func (f Figure) value(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f %s", v, f.Unit)
	case v >= 1:
		return fmt.Sprintf("%.2f %s", v, f.Unit)
	}
	return fmt.Sprintf("%.4f %s", v, f.Unit)
}

// verdictLine is the figure's verdict as a sentence: "B is 9.8% slower (B/A 0.902, 0.893-0.911)".
func (f Figure) verdictLine() string {
	change := (f.Ratio - 1) * 100
	switch f.Verdict {
	case Faster, Slower:
		word := map[bool]string{true: "higher", false: "lower"}[f.Ratio > 1]
		return fmt.Sprintf("B is %s: %s by %.1f%% (B/A %.3f, 95%% %s)", map[string]string{Faster: "better", Slower: "worse"}[f.Verdict],
			word, abs(change), f.Ratio, f.interval())
	}
	return fmt.Sprintf("cannot tell (B/A %.3f, 95%% %s)", f.Ratio, f.interval())
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// Text writes the report for a terminal.
func (r Report) Text(w io.Writer) {
	fmt.Fprintf(w, "A/B of %s, %d interleaved rounds (each round one JVM start of A and one of B, in a drawn order), run %s on %s\n",
		r.Target, r.Rounds, r.RunID, r.hostLine())
	fmt.Fprintf(w, "  A: %s\n  B: %s\n", r.A, r.B)
	if r.AA {
		fmt.Fprintln(w, "  an A/A: both sides are the same build with the same settings, so a verdict other than \"cannot tell\" is chance")
	}
	for _, c := range r.Cells {
		fmt.Fprintf(w, "%s, %d connections, %d vCPU:\n", c.Scenario, c.Connections, c.VCPUs)
		for _, f := range c.Figures {
			fmt.Fprintf(w, "  %-24s A %-14s B %-14s %s; detectable %s\n", labels[f.Name], f.value(f.A), f.value(f.B),
				f.verdictLine(), f.detectable())
		}
	}
}

// Markdown writes the report as a table for a pull request.
func (r Report) Markdown(w io.Writer) {
	fmt.Fprintf(w, "### A/B of %s\n\n", r.Target)
	fmt.Fprintf(w, "%d interleaved rounds on %s (run `%s`): each round one JVM start of A and one of B, in a drawn order; B/A from the rounds' paired ratios, 95%% interval.\n\n",
		r.Rounds, r.hostLine(), r.RunID)
	fmt.Fprintf(w, "- **A**: %s\n- **B**: %s\n", escape(r.A), escape(r.B))
	if r.AA {
		fmt.Fprintln(w, "- an **A/A**: both sides are the same build with the same settings, so a verdict other than \"cannot tell\" is chance")
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| cell | figure | A | B | B/A | 95% interval | verdict | detectable |")
	fmt.Fprintln(w, "| --- | --- | ---: | ---: | ---: | --- | --- | ---: |")
	for _, c := range r.Cells {
		cell := fmt.Sprintf("%s c=%d, %d vCPU", c.Scenario, c.Connections, c.VCPUs)
		for _, f := range c.Figures {
			verdict := f.Verdict
			if verdict != CannotTell {
				verdict = map[string]string{Faster: "**B better**", Slower: "**B worse**"}[verdict]
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s | %.3f | %s | %s | %s |\n", cell, labels[f.Name], f.value(f.A), f.value(f.B),
				f.Ratio, f.interval(), verdict, f.detectable())
		}
	}
}

func escape(s string) string { return strings.ReplaceAll(s, "|", "\\|") }
