// The about page's account of the method, each point with the phrase of docs/methodology.md it restates
// (about.test.ts fails when the methodology no longer says it, so the page cannot drift from the document).

export interface MethodPoint {
  /** Heading of the point on the page. */
  title: string
  /** What the site says, in its own words. */
  text: string
  /** docs/methodology.md's section this point summarises. */
  section: string
  /** Phrases docs/methodology.md must contain for `text` to stay true. */
  evidence: string[]
  /** The point's anchor on the page, for links from other pages (e.g. /about#rank-ranges). */
  anchor?: string
}

export const METHOD: MethodPoint[] = [
  {
    title: 'What is compared',
    text:
      'Each target is one small application of the standard suite: one framework on one I/O model (blocking, non-blocking ' +
      'or virtual threads). Each host also measures nginx as its baseline: the ceiling its kernel and load generator allow.',
    section: '1. What is compared',
    evidence: ['one framework, one I/O model', "The host's **baseline** is nginx"],
  },
  {
    title: 'Checked before measured',
    text:
      'Before a target is measured, every scenario it declares is checked: status, content type and body byte for byte, ' +
      'and the same framing on every answer. A scenario that fails is not measured and the run says why.',
    section: '2. Scenarios, and the check before every measurement',
    evidence: ['the agent validates every scenario it declares', 'A scenario that fails is not measured'],
  },
  {
    title: 'Pinned CPUs, two kinds of load',
    text:
      'The target and the load generator run on separate CPUs. Closed loop (wrk) finds the highest throughput at a fixed ' +
      'number of connections; open loop (fortio) starts requests on a schedule, so a server that stalls cannot hide it.',
    section: '3. Pinning and ports, 4. Load',
    evidence: ['run on disjoint CPU sets', '**Closed loop** (wrk)', '**Open loop** (fortio'],
  },
  {
    title: 'Only steady state counts',
    text:
      'A JIT-compiled server can take a minute or more to reach its speed. The agent warms each cell up under its own ' +
      'load until throughput is stable and the JIT has gone quiet; a cell that hits the cap is flagged warmup-not-stable.',
    section: '5. Warm-up',
    evidence: ['its JIT compiler has gone quiet', 'flagged `warmup-not-stable`'],
  },
  {
    title: 'The warm-up curve and time to peak',
    text:
      'Every warm-up window is kept with the run, its throughput and how busy the JIT was. Time to peak is how long a ' +
      'target took to serve 95% of its steady state (the trimmed mean of its repeats), drawn on the run and framework ' +
      "pages and shown on the board. The load generator's own output is kept too, signed with the run, and downloadable.",
    section: '5. Warm-up, 6. Raw output',
    evidence: ['**Time to peak.**', 'at least 95% of that steady state', '**Raw output.**'],
  },
  {
    title: 'Every repeat, and what it cost',
    text:
      'Each cell is measured 3 times (quick profile) or 3 to 5 times (full: more only while the interval is wider ' +
      'than 2% of the mean) and every repeat is stored, never a summary, with ' +
      'the CPU time and memory of the target and the CPU time of the load generator, how busy the target kept its ' +
      'CPUs, and the share of the machine that its host gave to others (steal). A repeat during which the host took ' +
      'more than 5% is measured again; a cell whose repeat kept losing it is flagged host-interference.',
    section: '6. What is recorded for every repeat',
    evidence: [
      '(3 in the quick profile, 3 to 5 in the full one',
      'every repeat is sent, never a',
      '**Steal: the host on record per repeat.**',
      'the host took more than 5% is not kept: the repeat is measured again',
      'flags its cell `host-interference`',
    ],
  },
  {
    title: 'Intervals honest for few repeats',
    text:
      "Throughput is the trimmed mean of the repeats with a 95% Student's t interval, wide when there are few repeats, " +
      'as it should be, and taken on the log scale, so it never goes below zero and is centred on the figure shown. A cell whose repeats vary by more than 5% is flagged noisy. A cell measured over several JVM ' +
      'starts gets its interval from the starts, so the noise between starts is in it; every interval on this site ' +
      'says whether it spans several starts or one.',
    section: '7. What the service derives',
    evidence: [
      "95% Student's t interval",
      'the log scale around the figure',
      'above 5% the cell is `noisy`',
      'the interval is the 95% t interval over the starts',
      'Every interval says how many starts it spans.',
    ],
  },
  {
    title: 'One verdict for every pair: rank ranges',
    anchor: 'rank-ranges',
    text:
      'Only comparable cells are ranked together (same scenario, concurrency, vCPUs and host class). For any two rows ' +
      'one engine says "faster", "slower" or "cannot tell", from the ratio of their figures and its interval, counting ' +
      "the host's drift between the stretches of a run. All pairs of a board are judged at once, so a board of equal " +
      'frameworks decides no pair 95% of the time. A rank is a range: "3" when the row\'s place is decided, "2–5" when ' +
      'rows above or below cannot be told apart from it. Every page gives the same verdict: the board, compare, the ' +
      'framework pages, badges and the calculator. A figure that is only a lower bound is never decided slower.',
    section: '10. Ranking and comparing',
    evidence: [
      'Only comparable cells are ranked together',
      '**One verdict for every pair: the comparison engine.**',
      'gated by Bonferroni',
      "the host's drift between the stretches of a run",
      '**Rank ranges.**',
      'is never decided slower',
    ],
  },
  {
    title: 'Reading the leaderboard',
    anchor: 'reading-the-board',
    text:
      'A row is ranked by its throughput at the latency SLA (the highest throughput whose median p90 stays under it, ' +
      'with under 1% errors), or by the cost of a request in CPU or memory, against the other rows of one host class ' +
      "and vCPU count. Each figure pools the runs of its series since the series' last change point (the newest 30 " +
      'at the most), so one odd run does not move the board; a run after a newer change point waits until 3 runs ' +
      'confirm it ("Figures from" shows ' +
      "the newest run alone). Its 95% interval is over those runs' figures, so the spread from run to run is in it; a " +
      "figure of one run spans that run's JVM starts, or only one start's repeats, and says which. A noisy row is " +
      'ranked by its wide interval, nothing else; a figure that is only a lower bound (the load generator was the ' +
      'limit, or the warm-up was still climbing) is marked ≥ and never decided slower. Only a row with no honest ' +
      'order (its requests failed, or its agent was revoked) is listed without a rank, saying why. The board lists ' +
      'the flags its rows carry under the table; a click on a column header sorts by that column.',
    section: '7. What the service derives, 9. Flags, 10. Ranking and comparing',
    evidence: [
      'the highest throughput whose median p90 latency stays under the SLA',
      "**The board's figure is the current segment's.**",
      'a run after a newer change point waits until 3 runs confirm it',
      '`basis=latest` shows the newest run alone',
      "the 95% t interval over the runs' figures",
      'Noise widens the interval and does nothing else.',
      'the board marks it `≥`',
      'A row is left unranked only where no honest order exists',
    ],
  },
  {
    title: 'Signed, and checkable by anyone',
    text:
      'Every run is signed by the agent that measured it; the run page re-verifies the signature in your browser ' +
      "against the agent's published key.",
    section: '14. Checking a figure you doubt',
    evidence: ["checks a run's signature against the agent's published key"],
  },
]
