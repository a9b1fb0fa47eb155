package dev.podium.read;

import jakarta.ws.rs.QueryParam;
import java.lang.reflect.Field;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The filters of cells, declared once: an endpoint takes them with {@code @BeanParam} (its OpenAPI, and the site's
 * types generated from it, list them from here), and each bound field becomes its SQL condition here (conditions),
 * checked with the field named (400). A filter added here is taken by every endpoint taking this class: history,
 * changes and their feed, the leaderboard, latency, scaling and the calculator. An endpoint for which a filter makes
 * no sense (scaling's x axis is the vCPU count) leaves it out with a method-level
 * {@code @Parameter(name = ..., in = QUERY, hidden = true)}, which its OpenAPI and {@link QueryParams#of} both honour;
 * an endpoint whose own parameter has a hidden filter's name (the calculator's from and to) clears it with
 * {@link #without}. The run filters (JVM, start date) are conditions on runs r; on change points (a table without
 * them) the dates pick the change's first run after it and the JVM and classification filters are not taken.
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

    @Parameter(description = "JVM vendor, exactly", example = "Eclipse Adoptium")
    @QueryParam("jvmVendor")
    public String jvmVendor;

    @Parameter(description = "JVM feature version", example = "21")
    @QueryParam("jvmMajor")
    public String jvmMajor;

    @Parameter(
            description = "Runs started at or after (RFC 3339 date or date-time); of a change point, its first run"
                    + " after the change",
            example = "2026-01-01")
    @QueryParam("from")
    public String from;

    @Parameter(
            description = "Runs started before (a date includes that whole day); of a change point, its first run"
                    + " after the change",
            example = "2026-12-31")
    @QueryParam("to")
    public String to;

    @Parameter(
            description = "bare-server, micro or full-stack (suite.json's classification of the target)",
            example = "micro")
    @QueryParam("classification")
    public String classification;

    @Parameter(
            description = "JVM mode: default (the target's own flags; when not given) or aot-cache (started from the"
                    + " AOT cache a training run wrote); every answer reads one mode")
    @QueryParam("jvmMode")
    public String jvmMode;

    /**
     * The filters of one series, for a query the service makes itself: a field the key leaves null is no filter (the
     * JVM mode then the default); the topology is none of these filters.
     */
    public static CellFilter of(SeriesKey series) {
        CellFilter f = new CellFilter();
        f.hostClass = series.hostClass();
        f.vcpus = text(series.vcpus());
        f.framework = series.framework();
        f.ioModel = series.ioModel();
        f.scenario = series.scenario();
        f.loadModel = series.loadModel();
        f.connections = text(series.connections());
        f.targetRate = text(series.targetRate());
        f.jvmMode = series.jvmMode();
        return f;
    }

    private static String text(Number n) {
        return n == null ? null : n.toString();
    }

    /** A target's kind as suite.json records it. */
    public static final Set<String> CLASSIFICATIONS = Set.of("bare-server", "micro", "full-stack");

    /**
     * One filter's SQL condition: the column it compares (on cells c, or on runs r) with its operator, the column of
     * change points it compares there (null: change points have none, the filter is not taken there), how a row's
     * value is read when the filter picks targets among the compared ones (framework, I/O model, classification: a
     * board's baseline is kept whatever they say; null for the others), and its checked value.
     */
    private record Condition(
            String column,
            String operator,
            boolean onRuns,
            String changePointColumn,
            Function<CellRow, Object> target,
            Object value) {

        static Condition equal(String column, boolean onRuns, Object value) {
            return new Condition(column, "=", onRuns, column, null, value);
        }

        static Condition picking(String column, Function<CellRow, Object> target, Object value) {
            return new Condition(column, "=", false, column, target, value);
        }

        String sql(String prefix) {
            return prefix + column + " " + operator + " ?";
        }
    }

    /** Each filter's condition, its value checked (400 naming it): the one place a filter becomes SQL. */
    private List<Condition> conditions() {
        return List.of(
                Condition.equal("host_class", true, hostClass()),
                Condition.equal("vcpus", false, vcpus()),
                Condition.picking("framework", r -> r.cell().framework(), framework()),
                Condition.picking("io_model", r -> r.cell().ioModel(), ioModel()),
                Condition.equal("scenario", false, scenario()),
                Condition.equal("load_model", false, loadModel()),
                Condition.equal("connections", false, connections()),
                Condition.equal("target_rate", false, targetRate()),
                new Condition("jvm_vendor", "=", true, null, null, jvmVendor()),
                new Condition("jvm_major", "=", true, null, null, jvmMajor()),
                new Condition("started_at", ">=", true, "at", null, from()),
                new Condition("started_at", "<", true, "at", null, to()),
                new Condition("classification", "=", false, null, CellRow::classification, classification()),
                Condition.picking("jvm_mode", r -> r.cell().jvmMode(), jvmMode()));
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

    public String jvmVendor() {
        return QueryParams.parseText("jvmVendor", jvmVendor);
    }

    public Integer jvmMajor() {
        return QueryParams.parsePositiveInt("jvmMajor", jvmMajor);
    }

    /** Runs started at or after; a date is its start (UTC). */
    public OffsetDateTime from() {
        return QueryParams.parseInstant("from", from, false);
    }

    /** Runs started before; a date includes that whole day. 400 naming it when it is before {@link #from}. */
    public OffsetDateTime to() {
        OffsetDateTime end = QueryParams.parseInstant("to", to, true);
        OffsetDateTime start = from();
        if (end != null && start != null && end.isBefore(start)) {
            throw ReadProblems.badParameter("to", "'to' is before 'from'");
        }
        return end;
    }

    public String classification() {
        return QueryParams.parseOneOf("classification", classification, CLASSIFICATIONS);
    }

    /** The JVM mode asked for, default when not given: a mode is never mixed with another (it picks targets). */
    public String jvmMode() {
        return QueryParams.parseJvmMode(jvmMode);
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

    /**
     * This filter without the filters of {@code endpoint}'s method hides ({@code @Parameter(hidden = true)}): where
     * the endpoint's own parameter of that name bound the field too (the calculator's from and to), it is no filter.
     */
    public CellFilter without(jakarta.ws.rs.container.ResourceInfo endpoint) {
        for (org.eclipse.microprofile.openapi.annotations.parameters.Parameter p : endpoint.getResourceMethod()
                .getAnnotationsByType(org.eclipse.microprofile.openapi.annotations.parameters.Parameter.class)) {
            for (Field f : CellFilter.class.getFields()) {
                QueryParam name = f.getAnnotation(QueryParam.class);
                if (p.hidden() && name != null && name.value().equals(p.name())) {
                    try {
                        f.set(this, null);
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
        return this;
    }

    /** A copy with the host class and vCPU count an endpoint settled on (its defaults filled in). */
    public CellFilter on(String hostClass, Integer vcpus) {
        CellFilter f = copy();
        f.hostClass = hostClass;
        f.vcpus = text(vcpus);
        return f;
    }

    /** A copy for another scenario (a composite reads each scenario's board with the same filters). */
    public CellFilter forScenario(String otherScenario) {
        CellFilter f = copy();
        f.scenario = otherScenario;
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

    /** The filters on a series' own columns (change points carry the same), on series_keys k (V30). */
    public CellQueries.Where seriesKeys() {
        CellQueries.Where keys = new CellQueries.Where();
        for (Condition c : conditions()) {
            if (c.column().equals(c.changePointColumn())) {
                keys.and(c.sql("k."), c.value());
            }
        }
        return keys;
    }

    /**
     * The conditions on change points, whose series columns are named as cells and runs name them, unprefixed; the
     * dates compare the change's first run after it ({@code at}). A filter change points have no column for is an
     * endpoint's to hide (it would be no condition here): given anyway, it is a mistake of the service's.
     */
    public CellQueries.Where whereUnprefixed() {
        CellQueries.Where where = new CellQueries.Where();
        for (Condition c : conditions()) {
            if (c.changePointColumn() == null && c.value() != null) {
                throw new IllegalStateException(c.column() + " is no column of change points");
            }
            if (c.changePointColumn() != null) {
                where.and(c.changePointColumn() + " " + c.operator() + " ?", c.value());
            }
        }
        return where;
    }

    /**
     * The conditions of the compared group on cells c join runs r, without those that pick targets (framework, I/O
     * model, classification): what a board's baseline must meet too. {@link #targets} adds the others.
     */
    public CellQueries.Where group() {
        return where(new CellQueries.Where(), "c.", "r.", false);
    }

    /** {@code where} and the conditions that pick targets (framework, I/O model, classification) on cells c. */
    public CellQueries.Where targets(CellQueries.Where where) {
        for (Condition c : conditions()) {
            if (c.target() != null) {
                where.and(c.sql(c.onRuns() ? "r." : "c."), c.value());
            }
        }
        return where;
    }

    private CellQueries.Where where(CellQueries.Where where, String cell, String run, boolean withTargets) {
        for (Condition c : conditions()) {
            if (withTargets || c.target() == null) {
                where.and(c.sql(c.onRuns() ? run : cell), c.value());
            }
        }
        return to() == null ? where : where.beforeADate();
    }

    /** Whether a row meets the conditions that pick targets (framework, I/O model, classification, JVM mode). */
    public boolean picks(CellRow row) {
        return picker().test(row);
    }

    /** {@link #picks}, its values checked once: for a loop over many rows. */
    public Predicate<CellRow> picker() {
        List<Condition> picking = conditions().stream()
                .filter(c -> c.target() != null && c.value() != null)
                .toList();
        return row -> picking.stream().allMatch(c -> c.value().equals(c.target().apply(row)));
    }

    /** The checked values by column, those given only: a cache key (two spellings of one filter share it). */
    @Override
    public String toString() {
        List<String> given = new ArrayList<>();
        for (Condition c : conditions()) {
            if (c.value() != null) {
                given.add(c.column() + c.operator() + c.value());
            }
        }
        return String.join(" ", given);
    }
}
