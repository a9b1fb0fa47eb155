package dev.podium.read;

import dev.podium.common.RunSchema;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.UriInfo;
import java.lang.reflect.Method;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The query string of a read request, checked against the names an endpoint knows (and, sorted, an answer's cache key);
 * the values an endpoint binds with @QueryParam parsed here, each with its field named.
 */
public final class QueryParams {

    // the run schema's lists (schema/run.v2.schema.json), read once rather than copied here
    public static final Set<String> SCENARIOS = RunSchema.SCENARIOS;
    public static final Set<String> LOAD_MODELS = RunSchema.LOAD_MODELS;
    public static final Set<String> IO_MODELS = RunSchema.IO_MODELS;
    private static final int MAX_TEXT = 200;

    private final MultivaluedMap<String, String> values;

    private QueryParams(MultivaluedMap<String, String> values) {
        this.values = values;
    }

    /** The names a resource method declares with @QueryParam (those its OpenAPI lists), and which are lists. */
    private record Declared(Set<String> known, Set<String> repeatable) {}

    private static final Map<Method, Declared> DECLARED = new ConcurrentHashMap<>();

    /**
     * The query parameters are bound once, in the endpoint method's signature (from which the OpenAPI is generated):
     * a name it does not declare with @QueryParam (itself or in a @BeanParam class), or hides with a method-level
     * {@code @Parameter(hidden = true)}, is refused, and only a {@code List} parameter may be repeated.
     */
    public static QueryParams of(UriInfo uri, ResourceInfo endpoint) {
        Declared d = DECLARED.computeIfAbsent(endpoint.getResourceMethod(), m -> {
            Set<String> known = new HashSet<>();
            Set<String> repeatable = new HashSet<>();
            for (java.lang.reflect.Parameter p : m.getParameters()) {
                if (p.isAnnotationPresent(jakarta.ws.rs.BeanParam.class)) { // a class of @QueryParam fields
                    for (java.lang.reflect.Field f : p.getType().getFields()) {
                        declare(f.getAnnotation(QueryParam.class), f.getType(), known, repeatable);
                    }
                }
            }
            // a filter of a @BeanParam class the endpoint leaves out, hidden from its OpenAPI the same way
            for (org.eclipse.microprofile.openapi.annotations.parameters.Parameter p :
                    m.getAnnotationsByType(org.eclipse.microprofile.openapi.annotations.parameters.Parameter.class)) {
                if (p.hidden()) {
                    known.remove(p.name());
                }
            }
            // the method's own parameters, even of a hidden filter's name (the calculator's from and to)
            for (java.lang.reflect.Parameter p : m.getParameters()) {
                declare(p.getAnnotation(QueryParam.class), p.getType(), known, repeatable);
            }
            return new Declared(Set.copyOf(known), Set.copyOf(repeatable));
        });
        return of(uri, d.known(), d.repeatable());
    }

    private static void declare(QueryParam name, Class<?> type, Set<String> known, Set<String> repeatable) {
        if (name != null) {
            known.add(name.value());
            if (List.class.isAssignableFrom(type)) {
                repeatable.add(name.value());
            }
        }
    }

    /** Refuses unknown names, and a name given twice unless it is in {@code repeatable}. */
    public static QueryParams of(UriInfo uri, Set<String> known, Set<String> repeatable) {
        MultivaluedMap<String, String> values = uri.getQueryParameters(true);
        for (Map.Entry<String, List<String>> e : new TreeMap<>(values).entrySet()) {
            if (!known.contains(e.getKey())) {
                throw ReadProblems.unknownParameter(
                        e.getKey(),
                        "unknown parameter '" + e.getKey() + "'; this endpoint takes "
                                + String.join(", ", new java.util.TreeSet<>(known)));
            }
            if (e.getValue().size() > 1 && !repeatable.contains(e.getKey())) {
                throw ReadProblems.badParameter(e.getKey(), "'" + e.getKey() + "' is given more than once");
            }
        }
        return new QueryParams(values);
    }

    public static QueryParams of(UriInfo uri, Set<String> known) {
        return of(uri, known, Set.of());
    }

    /** The parameters sorted by name with their values: the cache key of an answer. */
    public String normalised() {
        return new TreeMap<>(values).toString();
    }

    /** A text value (null when not given) checked for its length. */
    public static String parseText(String name, String v) {
        if (v == null) {
            return null;
        }
        if (v.isEmpty() || v.length() > MAX_TEXT) {
            throw ReadProblems.badParameter(name, "'" + name + "' must have 1 to " + MAX_TEXT + " characters");
        }
        return v;
    }

    /** The values of a repeatable parameter (an empty list when not given). */
    public static List<String> parseAll(List<String> given) {
        return given == null ? List.of() : given;
    }

    /** A text value that must be given. */
    public static String parseRequired(String name, String given) {
        String v = parseText(name, given);
        if (v == null) {
            throw ReadProblems.badParameter(name, "'" + name + "' is required");
        }
        return v;
    }

    /** A value of {@code domain}, or {@code fallback} when not given. */
    public static String parseOneOf(String name, String given, Set<String> domain, String fallback) {
        String v = parseOneOf(name, given, domain);
        return v == null ? fallback : v;
    }

    /** A value of {@code domain}, or null when not given. */
    public static String parseOneOf(String name, String given, Set<String> domain) {
        String v = parseText(name, given);
        if (v == null) {
            return null;
        }
        if (!domain.contains(v)) {
            throw ReadProblems.badParameter(
                    name,
                    "'" + name + "' must be one of " + String.join(", ", new java.util.TreeSet<>(domain)) + ", not '"
                            + v + "'");
        }
        return v;
    }

    private static final Set<String> JVM_MODES = Set.copyOf(dev.podium.jvmmode.JvmMode.ALL);

    /** A JVM mode (default, aot-cache), the default one when not given. */
    public static String parseJvmMode(String given) {
        String v = parseOneOf("jvmMode", given, JVM_MODES);
        return v == null ? dev.podium.jvmmode.JvmMode.DEFAULT : v;
    }

    /** A scenario of the run schema, required. */
    public static String parseScenario(String given) {
        String v = parseOneOf("scenario", given, SCENARIOS);
        if (v == null) {
            throw ReadProblems.badParameter(
                    "scenario",
                    "'scenario' is required: one of " + String.join(", ", new java.util.TreeSet<>(SCENARIOS)));
        }
        return v;
    }

    /** A whole number of at least 1, or {@code fallback} when not given. */
    public static Integer parsePositiveInt(String name, String given, Integer fallback) {
        Integer v = parsePositiveInt(name, given);
        return v == null ? fallback : v;
    }

    /** A whole number of at least 1, or null when not given. */
    public static Integer parsePositiveInt(String name, String given) {
        String v = parseText(name, given);
        if (v == null) {
            return null;
        }
        try {
            int i = Integer.parseInt(v);
            if (i >= 1) {
                return i;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ReadProblems.badParameter(name, "'" + name + "' must be a whole number of at least 1, not '" + v + "'");
    }

    /** A cell id, required. */
    public static long parseId(String name, String given) {
        String v = parseRequired(name, given);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw ReadProblems.badParameter(name, "'" + name + "' must be a cell id, not '" + v + "'");
        }
    }

    public static double number(String name, String v, boolean allowZero) {
        try {
            double d = Double.parseDouble(v);
            if (Double.isFinite(d) && (d > 0 || (allowZero && d == 0))) {
                return d;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ReadProblems.badParameter(
                name,
                "'" + name + "' must be a " + (allowZero ? "non-negative" : "positive") + " number, not '" + v + "'");
    }

    /** A positive number, or {@code fallback} when not given. */
    public static Double parsePositiveNumber(String name, String given, Double fallback) {
        String v = parseText(name, given);
        if (v == null) {
            return fallback; // a null fallback too (no unboxing)
        }
        return number(name, v, false);
    }

    /**
     * RFC 3339 date-time, or a date: its start when {@code end} is false, the start of the next day when true (null
     * when not given).
     */
    public static OffsetDateTime parseInstant(String name, String given, boolean end) {
        String v = parseText(name, given);
        if (v == null) {
            return null;
        }
        try {
            if (v.length() == 10) {
                LocalDate d = LocalDate.parse(v);
                return (end ? d.plusDays(1) : d).atStartOfDay().atOffset(ZoneOffset.UTC);
            }
            OffsetDateTime at = OffsetDateTime.parse(v);
            if (at.getYear() < 1 || at.getYear() > 9999) {
                throw new DateTimeParseException("year out of range", v, 0); // PostgreSQL's driver cannot send it
            }
            return at;
        } catch (DateTimeParseException e) {
            throw ReadProblems.badParameter(
                    name, "'" + name + "' must be an RFC 3339 date or date-time, not '" + v + "'");
        }
    }

    /**
     * A topology filter: single, nginx-N (N from 1 to 99), or all when {@code allowAll}; {@code fallback} without the
     * parameter.
     */
    public static String parseTopology(String name, String given, String fallback, boolean allowAll) {
        String v = parseText(name, given);
        if (v == null) {
            return fallback;
        }
        if ((allowAll && dev.podium.topology.Topology.ALL.equals(v)) || dev.podium.topology.Topology.valid(v)) {
            return v;
        }
        throw ReadProblems.badParameter(
                name,
                "'" + name + "' must be " + (allowAll ? "all, " : "") + "single or nginx-N (N from 1 to 99), not '" + v
                        + "'");
    }

    /** CSV when {@code format=csv}, or without {@code format} when the client prefers text/csv. */
    public static boolean parseCsv(String format, HttpHeaders headers) {
        return Csv.wanted(parseOneOf("format", format, Set.of("json", "csv")), headers);
    }
}
