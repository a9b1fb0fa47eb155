package dev.podium.topology;

import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a cell's target was deployed (payload v2 results[].topology): {@code single}, one instance on the cell's vCPUs, or
 * {@code nginx-N}, N instances behind the run's balancer whose vCPUs add up to the cell's. Part of a cell's identity
 * wherever figures are grouped, like vcpus: a scale-out cell never pools with a single-instance one.
 */
public final class Topology {

    public static final String SINGLE = "single";
    /** The leaderboard's topology filter value that keeps every topology (rows labelled). */
    public static final String ALL = "all";

    private static final Pattern VALID = Pattern.compile("^(single|nginx-([1-9][0-9]?))$");

    private Topology() {}

    /** The payload's topology, single when absent (v1 payloads, v2 payloads without it). */
    public static String of(String payloadValue) {
        return payloadValue == null ? SINGLE : payloadValue;
    }

    /** Whether the value is a topology the schema allows. */
    public static boolean valid(String value) {
        return value != null && VALID.matcher(value).matches();
    }

    /** How many instances served the cell: 1 for single, N for nginx-N. */
    public static int instances(String topology) {
        Matcher m = VALID.matcher(topology == null ? SINGLE : topology);
        return m.matches() && m.group(2) != null ? Integer.parseInt(m.group(2)) : 1;
    }

    /** Whether the cell ran more than one instance behind a balancer (any nginx-N, N = 1 included). */
    public static boolean scaleOut(String topology) {
        return topology != null && !SINGLE.equals(topology);
    }

    /** How a row is labelled: "Tomcat" for single, "Tomcat · 2 instances behind nginx" for nginx-2. */
    public static String label(String framework, String topology) {
        if (!scaleOut(topology)) {
            return framework;
        }
        int n = instances(topology);
        return framework + " · " + n + (n == 1 ? " instance" : " instances") + " behind nginx";
    }

    /** Single first, then nginx-N by N. */
    public static final Comparator<String> ORDER =
            Comparator.comparingInt((String t) -> scaleOut(t) ? 1 : 0).thenComparingInt(Topology::instances);

    /** The topologies in {@link #ORDER}. */
    public static List<String> sorted(List<String> topologies) {
        return topologies.stream().sorted(ORDER).toList();
    }

    /**
     * The series key suffix of a topology: empty for single, so that the keys of series stored before topology existed
     * (all single) are unchanged; "\u001f" + topology otherwise.
     */
    public static String keySuffix(String topology) {
        return scaleOut(topology) ? "\u001f" + topology : "";
    }
}
