package dev.podium.read;

import jakarta.ws.rs.QueryParam;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The filters of cells, declared once: an endpoint takes them with {@code @BeanParam} (its OpenAPI, and the site's
 * types generated from it, list them from here), and each bound field becomes its SQL condition here (conditions),
 * checked with the field named (400). A filter added here is taken by every endpoint taking this class: history,
 * changes and their feed, the leaderboard, latency, scaling and the calculator. An endpoint for which a filter makes
 * no sense (scaling's x axis is the vCPU count) leaves it out with a method-level
 * {@code @Parameter(name = ..., in = QUERY, hidden = true)}, which its OpenAPI and {@link QueryParams#of} both honour.
 */
public class CellFilter implements Cloneable {

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

    @Parameter(description = "offered rate of an open-loop cell, requests/s")
    @QueryParam("targetRate")
    public String targetRate;

    @Parameter(
            description = "JVM mode: default (the target's own flags; when not given) or aot-cache (started from the"
                    + " AOT cache a training run wrote); every answer reads one mode")
    @QueryParam("jvmMode")
    public String jvmMode;

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

    /**
     * One filter's SQL condition: the column it compares (on cells c, or on runs r), whether it picks targets among
     * the compared ones (framework, I/O model: a board's baseline is kept whatever they say), and its checked value.
     */
    private record Condition(String column, boolean onRuns, boolean target, Object value) {}

    /** Each filter's condition, its value checked (400 naming it): the one place a filter becomes SQL. */
    private List<Condition> conditions() {
        return List.of(
                new Condition("host_class", true, false, hostClass()),
                new Condition("vcpus", false, false, vcpus()),
                new Condition("framework", false, true, framework()),
                new Condition("io_model", false, true, ioModel()),
                new Condition("scenario", false, false, scenario()),
                new Condition("load_model", false, false, loadModel()),
                new Condition("connections", false, false, connections()),
                new Condition("target_rate", false, false, targetRate()),
                new Condition("jvm_mode", false, true, jvmMode()));
    }

    public String hostClass() {
        return QueryParams.parseText("hostClass", hostClass);
    }

    public Integer vcpus() {
        return QueryParams.parsePositiveInt("vcpus", vcpus);
    }

    public String framework() {
        return QueryParams.parseText("framework", framework);
    }

    public String ioModel() {
        return QueryParams.parseOneOf("ioModel", ioModel, QueryParams.IO_MODELS);
    }

    public String scenario() {
        return QueryParams.parseOneOf("scenario", scenario, QueryParams.SCENARIOS);
    }

    public String loadModel() {
        return QueryParams.parseOneOf("loadModel", loadModel, QueryParams.LOAD_MODELS);
    }

    public Integer connections() {
        return QueryParams.parsePositiveInt("connections", connections);
    }

    public Double targetRate() {
        return QueryParams.parsePositiveNumber("targetRate", targetRate, null);
    }

    /** The JVM mode asked for, default when not given: a mode is never mixed with another (it picks targets). */
    public String jvmMode() {
        String mode = QueryParams.parseOneOf("jvmMode", jvmMode, java.util.Set.copyOf(dev.podium.jvmmode.JvmMode.ALL));
        return mode == null ? dev.podium.jvmmode.JvmMode.DEFAULT : mode;
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

    /** Checks every filter (400 naming the first bad one), so that a request is refused before anything is read. */
    public CellFilter check() {
        conditions();
        return this;
    }

    /** A copy with the host class and vCPU count an endpoint settled on (its defaults filled in). */
    public CellFilter on(String hostClass, Integer vcpus) {
        CellFilter f = copy();
        f.hostClass = hostClass;
        f.vcpus = vcpus == null ? null : vcpus.toString();
        return f;
    }

    private CellFilter copy() {
        try {
            return (CellFilter) clone(); // every filter's field, whatever is added
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The conditions on cells c join runs r: a filter not given is no condition. */
    public CellQueries.Where where() {
        return where(new CellQueries.Where(), "c.", "r.", true);
    }

    /** The conditions on a table that names its columns as cells and runs do, unprefixed (change_points). */
    public CellQueries.Where whereUnprefixed() {
        return where(new CellQueries.Where(), "", "", true);
    }

    /**
     * The conditions of the compared group on cells c join runs r, without those that pick targets (framework, I/O
     * model): what a board's baseline must meet too. {@link #targets} adds the others.
     */
    public CellQueries.Where group() {
        return where(new CellQueries.Where(), "c.", "r.", false);
    }

    /** {@code where} and the conditions that pick targets (framework, I/O model) on cells c. */
    public CellQueries.Where targets(CellQueries.Where where) {
        for (Condition c : conditions()) {
            if (c.target()) {
                where.and((c.onRuns() ? "r." : "c.") + c.column() + " = ?", c.value());
            }
        }
        return where;
    }

    private CellQueries.Where where(CellQueries.Where where, String cell, String run, boolean withTargets) {
        for (Condition c : conditions()) {
            if (withTargets || !c.target()) {
                where.and((c.onRuns() ? run : cell) + c.column() + " = ?", c.value());
            }
        }
        return where;
    }

    /** Whether a row meets the conditions that pick targets (framework, I/O model, JVM mode). */
    public boolean picks(CellRow row) {
        String fw = framework();
        String io = ioModel();
        return (fw == null || fw.equals(row.framework()))
                && (io == null || io.equals(row.ioModel()))
                && jvmMode().equals(row.jvmMode());
    }

    /** The checked values by column, those given only: a cache key (two spellings of one filter share it). */
    @Override
    public String toString() {
        List<String> given = new ArrayList<>();
        for (Condition c : conditions()) {
            if (c.value() != null) {
                given.add(c.column() + "=" + c.value());
            }
        }
        return String.join(" ", given);
    }
}
