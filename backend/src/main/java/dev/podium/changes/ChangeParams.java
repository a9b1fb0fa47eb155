package dev.podium.changes;

import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/** The parameters of GET /api/changes and its Atom feed besides a series' filters (read's CellFilter). */
public class ChangeParams {

    @Parameter(description = "throughput, p99, cpu-per-request or allocation-per-request")
    @QueryParam("metric")
    public String metric;

    @Parameter(description = "at most this many, newest first (default 100, at most 1000)")
    @QueryParam("limit")
    public String limit;
}
