package run

// The plan's slots (vCPU counts in topologies) and the cells it measures in each, in the order the run measures them.

import (
	"fmt"

	"podium.dev/agent/internal/aotcache"
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/ladder"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/topology"
)

// Slot is one vCPU count in one topology: every target is measured in each slot of the plan.
type Slot struct {
	k    int
	topo topology.Topology
}

// VCPUs is the slot's vCPU count (all the target's instances together).
func (s Slot) VCPUs() int { return s.k }

// Topology is how the slot deploys a target on its vCPUs.
func (s Slot) Topology() topology.Topology { return s.topo }

// Slots are the plan's slots that fit the layout, in the order the run measures them: each vCPU count that fits
// beside the load generator, in each topology that fits it. vcpus are the counts that fit; skipped says why each
// other count or topology is left out; err when no slot is left.
func (p Plan) Slots(l host.Layout) (slots []Slot, vcpus []int, skipped []string, err error) {
	for _, k := range p.VCPUs {
		if _, err := l.Server(k); err == nil {
			vcpus = append(vcpus, k)
		} else {
			skipped = append(skipped, fmt.Sprintf("%d vCPUs: %v", k, err))
		}
	}
	if len(vcpus) == 0 {
		return nil, nil, skipped, fmt.Errorf("no vCPU count of %v fits beside the load generator's CPUs %s", p.VCPUs, l.LoadGenerator)
	}
	topos, err := p.topologies()
	if err != nil {
		return nil, nil, skipped, err
	}
	for _, k := range vcpus {
		for _, tp := range topos {
			if err := tp.Fits(k); err != nil {
				skipped = append(skipped, fmt.Sprintf("%s on %d vCPUs: %v", tp, k, err))
				continue
			}
			slots = append(slots, Slot{k, tp})
		}
	}
	if len(slots) == 0 {
		return nil, nil, skipped, fmt.Errorf("no topology of %v fits any vCPU count of %v", p.Topologies, vcpus)
	}
	return slots, vcpus, skipped, nil
}

// AllSlots are every slot the plan names, whatever the host: each vCPU count in each topology that fits it.
func (p Plan) AllSlots() ([]Slot, error) {
	topos, err := p.topologies()
	if err != nil {
		return nil, err
	}
	var out []Slot
	for _, k := range p.VCPUs {
		for _, tp := range topos {
			if tp.Fits(k) == nil {
				out = append(out, Slot{k, tp})
			}
		}
	}
	return out, nil
}

// PlannedCell is one cell of the plan, as the run measures it.
type PlannedCell struct {
	Target      string  `json:"target"`
	VCPUs       int     `json:"vcpus"`
	Topology    string  `json:"topology"`
	JVMMode     string  `json:"jvmMode"`
	Scenario    string  `json:"scenario"`
	LoadModel   string  `json:"loadModel"`             // closed or open
	Connections int     `json:"connections,omitempty"` // closed loop
	Step        int     `json:"step,omitempty"`        // open loop: 1-based step of the step function (bisections follow the steps)
	Rate        float64 `json:"rate,omitempty"`        // open loop: the offered rate, when known before the run
	// Cost: a fixed-rate cost cell (its rate is the ladder's rung Step, known before the run only when given by hand).
	Cost bool `json:"cost,omitempty"`
	// Rest: the cell is only measured when the step function has not stopped before it (an open-loop bisection).
	Rest bool `json:"ifNeeded,omitempty"`
}

// CellsOf lists t's cells in slot s in the order the run measures them: each of its scenarios' concurrency sweep,
// then the open-loop cells (the step function's steps and bisections, which the SLA search may cut short; or
// the explicit rates); the cost cells (the ladder's rungs, lowest first) come between the two, as the run measures
// them; then, for each further JVM mode (aot-cache), the concurrency sweeps again.
func (p Plan) CellsOf(t *suite.Target, s Slot) []PlannedCell {
	base := PlannedCell{Target: t.Name, VCPUs: s.k, Topology: s.topo.Name, JVMMode: aotcache.Default}
	var out []PlannedCell
	closed := func(mode string) {
		for _, sc := range p.scenariosOf(t) {
			for _, c := range p.connectionsFor(sc) {
				cell := base
				cell.Scenario, cell.LoadModel, cell.Connections, cell.JVMMode = sc, "closed", c, mode
				out = append(out, cell)
			}
		}
	}
	closed(aotcache.Default)
	for i := range p.costCells(t) {
		cell := base
		cell.Scenario, cell.LoadModel, cell.Step, cell.Cost = p.costScenario(), "open", i+1, true
		if len(p.CostRates) > 0 {
			cell.Rate = ladder.Explicit(p.CostRates).Rates[i]
		}
		out = append(out, cell)
	}
	for i := range p.openCells(t) {
		cell := base
		cell.Scenario, cell.LoadModel, cell.Step = "delay", "open", i+1
		switch {
		case len(p.OpenLoopRates) > 0:
			cell.Rate = p.OpenLoopRates[i]
		case i < p.OpenLoopSteps:
			cell.Rate = float64((i + 1) * s.k * openLoopPerCPU)
		default:
			cell.Rest = true
		}
		out = append(out, cell)
	}
	for _, m := range p.modesOf(t) {
		if m != aotcache.Default {
			closed(m)
		}
	}
	return out
}

// Label is how the progress lines name the cell.
func (c PlannedCell) Label() string {
	topo := ""
	if c.Topology != "" && c.Topology != topology.Single {
		topo = " " + c.Topology
	}
	if c.JVMMode != "" && c.JVMMode != aotcache.Default {
		topo += " " + c.JVMMode
	}
	if c.Cost {
		if c.Rate > 0 {
			return fmt.Sprintf("%s %s cost %.0f req/s k=%d%s", c.Target, c.Scenario, c.Rate, c.VCPUs, topo)
		}
		return fmt.Sprintf("%s %s cost rung %d k=%d%s", c.Target, c.Scenario, c.Step, c.VCPUs, topo)
	}
	if c.LoadModel == "open" {
		if c.Rest {
			return fmt.Sprintf("%s delay open bisection %d k=%d%s", c.Target, c.Step, c.VCPUs, topo)
		}
		return fmt.Sprintf("%s delay open %.0f req/s k=%d%s", c.Target, c.Rate, c.VCPUs, topo)
	}
	return fmt.Sprintf("%s %s closed c=%d k=%d%s", c.Target, c.Scenario, c.Connections, c.VCPUs, topo)
}
