package run

// Interleaved rounds (methodology.md, section 4): round r gives every target of a slot one JVM start, in an order
// drawn afresh for the round, so that every target meets every stretch of the host; a target's starts are its
// rounds. Two targets' starts of one round can then be compared paired by round (the service's rounds package).

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"

	"podium.dev/agent/internal/aotcache"
	"podium.dev/agent/internal/suite"
)

// The orders a run measures its starts in (Plan.Order, --order).
const (
	OrderRounds     = "rounds"     // round r gives every target one start, in an order drawn afresh each round
	OrderSequential = "sequential" // every start of a target, then the next target (the order before rounds)
)

// turn is one target of a slot measured in rounds: the state its starts share from one round to the next.
type turn struct {
	t        *suite.Target
	planned  int // its cells in the plan, measured or not
	first    int // the number of its first cell in the progress display
	modes    []*modeTurn
	problems []string
	out      bool // its default mode failed outright: no further start, its cells are kept as they are
	done     int  // progress steps counted so far
}

// modeTurn is one JVM mode of a turn's target: the mode (its AOT cache), its cells so far and where they are numbered.
type modeTurn struct {
	state   modeState
	first   int
	last    int
	cells   []Cell
	cleanup func()
	out     bool
}

// drawOrder is a round's order of the turns: a fresh random permutation, except that in the first round the
// baseline goes first (its ceiling chooses the cost cells' rates of every target after it).
func drawOrder(turns []*turn, round int, rng *rand.Rand) []*turn {
	order := slices.Clone(turns)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	if round == 0 {
		if i := slices.IndexFunc(order, func(t *turn) bool { return t.t.Baseline }); i > 0 {
			b := order[i]
			order = append([]*turn{b}, slices.Delete(order, i, i+1)...)
		}
	}
	return order
}

// rounds measures targets in slot (its vCPUs, topology, CPUs; its target unset) in the plan's rounds, and calls finished with
// each target's cells as soon as its last start is measured (or it failed outright). earlier are the baseline's
// cells already kept (a resumed run); the baseline's cells measured so far are given to the cost cells' ladder.
func (m *measurer) rounds(ctx context.Context, targets []*suite.Target, slot slotTarget,
	earlier []Cell, finished func(t *suite.Target, cells []Cell, fail *TargetFailure) error) error {
	r := m.r
	n := r.Plan.forks()
	turns := make([]*turn, len(targets))
	next := m.cell
	for i, t := range targets {
		turns[i] = &turn{t: t, planned: r.Plan.cellsOf(t), first: next}
		next += turns[i].planned
		for _, mode := range r.Plan.modesOf(t) {
			turns[i].modes = append(turns[i].modes, &modeTurn{state: modeState{name: mode}, cleanup: func() {}})
		}
	}
	defer func() {
		m.cell = next // the next slot's cells are numbered after every cell this one planned
		for _, tu := range turns {
			for _, mt := range tu.modes {
				mt.cleanup()
			}
		}
	}()
	baseline := func() []Cell {
		b := slices.Clone(earlier)
		for _, tu := range turns {
			if tu.t.Baseline {
				b = append(b, tu.modes[0].cells...)
			}
		}
		return b
	}
	settleTurn := func(tu *turn) error {
		// the cells not measured: the progress counts them done and their steps of the plan passed
		m.r.Display.Settle(tu.first+1, tu.planned, tu.planned-tu.done)
		var cells []Cell
		for _, mt := range tu.modes {
			mt.cleanup()
			mt.cleanup = func() {}
			cells = append(cells, mt.cells...)
		}
		cells, fail := settle(slot.of(tu.t), cells, tu.problems)
		return finished(tu.t, cells, fail)
	}
	rng := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	for round := range n {
		// the targets still in: a target out (failed outright) takes no place, so a round's places run 0, 1, 2...
		order := drawOrder(slices.DeleteFunc(slices.Clone(turns), func(tu *turn) bool { return tu.out }), round, rng)
		names := make([]string, len(order))
		for i, tu := range order {
			names[i] = tu.t.Name
		}
		r.logf("round %d of %d on %d vCPUs: %s", round+1, n, slot.k, strings.Join(names, ", "))
		for place, tu := range order {
			if err := ctx.Err(); err != nil {
				return err
			}
			m.baseline, m.done = baseline(), tu.done
			cell := tu.first
			for i, mt := range tu.modes {
				if mt.out {
					continue
				}
				m.mode = mt.state
				if round == 0 {
					mt.first = cell
					if mt.state.name == aotcache.AOTCache {
						mt.cleanup = m.train(ctx, slot.of(tu.t))
					}
				}
				end, fatal := m.oneStart(ctx, slot.of(tu.t), round, mt.first, &Start{Round: round, Order: place}, &mt.cells, &tu.problems)
				mt.state, mt.last = m.mode, max(mt.last, end)
				cell = mt.last
				if ctx.Err() != nil {
					return ctx.Err() // interrupted: the start was stopped, the slot's targets not yet kept are lost
				}
				if fatal {
					// a target that did not start, or whose load failed, is not tried in a further mode or round
					mt.out, tu.out = true, i == 0
					if i == 0 {
						break
					}
				}
			}
			tu.done = m.done
			if tu.out || round == n-1 {
				if err := settleTurn(tu); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
