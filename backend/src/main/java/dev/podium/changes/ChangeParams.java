package dev.podium.changes;

import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/** The filters of GET /api/changes and its Atom feed, declared once (the OpenAPI lists them from here). */
public class ChangeParams {

    @Parameter(description = "a host class, as the leaderboard names it")
    @QueryParam("hostClass")
    public String hostClass;

    @Parameter(description = "vCPUs of the server")
    @QueryParam("vcpus")
    public String vcpus;

    @Parameter(description = "framework name, any case, or its slug")
    @QueryParam("framework")
    public String framework;

    @Parameter(description = "blocking, non-blocking or virtual-threads")
    @QueryParam("ioModel")
    public String ioModel;

    @Parameter(description = "plaintext, json, proxy, delay or db")
    @QueryParam("scenario")
    public String scenario;

    @Parameter(description = "closed or open")
    @QueryParam("loadModel")
    public String loadModel;

    @Parameter(description = "concurrency of the series")
    @QueryParam("connections")
    public String connections;

    @Parameter(description = "throughput, p99 or cpu-per-request")
    @QueryParam("metric")
    public String metric;

    @Parameter(description = "at most this many, newest first (default 100, at most 1000)")
    @QueryParam("limit")
    public String limit;
}
