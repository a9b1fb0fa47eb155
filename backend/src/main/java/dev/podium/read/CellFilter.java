package dev.podium.read;

import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The filters of a target's series, declared once: an endpoint takes them with {@code @BeanParam} (its OpenAPI, and
 * the site's types generated from it, list them from here), and each bound field becomes its SQL condition here,
 * checked with the field named (400). A filter added here is taken by every endpoint taking this class.
 */
public class CellFilter {

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

    @Parameter(description = "plaintext, json, proxy, delay, db, queries, updates or fortunes")
    @QueryParam("scenario")
    public String scenario;

    @Parameter(description = "closed or open")
    @QueryParam("loadModel")
    public String loadModel;

    @Parameter(description = "concurrency of the series")
    @QueryParam("connections")
    public String connections;

    /** The filters of one series, for a query the service makes itself (null: any). */
    public static CellFilter of(
            String hostClass,
            Integer vcpus,
            String framework,
            String ioModel,
            String scenario,
            String loadModel,
            Integer connections) {
        CellFilter f = new CellFilter();
        f.hostClass = hostClass;
        f.vcpus = vcpus == null ? null : vcpus.toString();
        f.framework = framework;
        f.ioModel = ioModel;
        f.scenario = scenario;
        f.loadModel = loadModel;
        f.connections = connections == null ? null : connections.toString();
        return f;
    }

    /** 400 naming each of {@code names} (scenario, framework) that is not given, in that order. */
    public CellFilter require(String... names) {
        for (String name : names) {
            switch (name) {
                case "scenario" -> QueryParams.parseScenario(scenario);
                case "framework" -> QueryParams.parseRequired("framework", framework);
                default -> throw new IllegalArgumentException("no filter " + name);
            }
        }
        return this;
    }

    /** loadModel when given, else {@code fallback}. */
    public CellFilter loadModelOr(String fallback) {
        if (loadModel == null) {
            loadModel = fallback;
        }
        return this;
    }

    /** The conditions on cells c join runs r: a filter not given is no condition. */
    public CellQueries.Where where() {
        return where("c.", "r.");
    }

    /** The conditions on a table that names its columns as cells and runs do, unprefixed (change_points). */
    public CellQueries.Where whereUnprefixed() {
        return where("", "");
    }

    private CellQueries.Where where(String cell, String run) {
        return new CellQueries.Where()
                .and(run + "host_class = ?", QueryParams.parseText("hostClass", hostClass))
                .and(cell + "vcpus = ?", QueryParams.parsePositiveInt("vcpus", vcpus))
                .and(cell + "framework = ?", QueryParams.parseText("framework", framework))
                .and(cell + "io_model = ?", QueryParams.parseOneOf("ioModel", ioModel, QueryParams.IO_MODELS))
                .and(cell + "scenario = ?", QueryParams.parseOneOf("scenario", scenario, QueryParams.SCENARIOS))
                .and(cell + "load_model = ?", QueryParams.parseOneOf("loadModel", loadModel, QueryParams.LOAD_MODELS))
                .and(cell + "connections = ?", QueryParams.parsePositiveInt("connections", connections));
    }
}
