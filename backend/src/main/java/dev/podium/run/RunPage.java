package dev.podium.run;

import java.util.List;

/** GET /api/runs: one page of runs, newest received first. */
public record RunPage(List<RunSummary> items, int page, int size, long total) {}
