-- Cost at a fixed load (issue 28, item 1). A fixed-rate cost cell is an open-loop cell whose targetRate is its offered
-- rate; the payload marks it with costLadder (every rung of the run's ladder, the host capacity and share it was chosen
-- under) and records achievedRate (its repeats' requests over their time; below 98% of the offered rate the cell is
-- flagged rate-not-held). Cells stored before, and every other cell, have neither (null).
alter table cells
    add column cost_ladder   jsonb,             -- the payload's costLadder object, null for any other cell
    add column achieved_rate double precision;  -- the payload's achievedRate, null for any other cell

-- the cost view's list of offered rates per host class: the cost cells alone
create index cells_cost_rates on cells (scenario, vcpus, target_rate) where cost_ladder is not null;
