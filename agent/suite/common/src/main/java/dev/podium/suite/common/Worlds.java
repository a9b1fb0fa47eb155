package dev.podium.suite.common;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** What the db scenarios (agent/suite/db/README.md) do with world rows whatever the client: n, ids, the update's rows. */
public final class Worlds {
    /** The pool size when PODIUM_TARGET_DB_POOL is unset (HikariCP's own default is 10). */
    public static final int DEFAULT_POOL = 16;

    private Worlds() {}

    /** n as TechEmpower parses it: missing or not a number is 1, below 1 is 1, above 500 is 500. */
    public static int count(String value) {
        int n;
        try {
            n = value == null ? 1 : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            n = 1;
        }
        return Math.min(500, Math.max(1, n));
    }

    /** A random id, uniform in 1..10000 (also a new randomNumber for /updates). */
    public static int randomId() {
        return ThreadLocalRandom.current().nextInt(1, 10001);
    }

    /** The rows read, each given a new random number: what /updates writes back and answers. */
    public static List<World> renumbered(List<World> read) {
        List<World> out = new ArrayList<>(read.size());
        for (World w : read) {
            out.add(new World(w.id(), randomId()));
        }
        return out;
    }

    /** The rows in id order, so that concurrent update batches lock rows in the same order and cannot deadlock. */
    public static List<World> byId(List<World> worlds) {
        List<World> out = new ArrayList<>(worlds);
        out.sort(Comparator.comparingInt(World::id));
        return out;
    }

    /** PODIUM_TARGET_DB_POOL, the db client's pool size: unset, blank or not a number is 16, below 1 is 1. */
    public static int poolSize(String value) {
        try {
            return value == null || value.isBlank() ? DEFAULT_POOL : Math.max(1, Integer.parseInt(value.trim()));
        } catch (NumberFormatException e) {
            return DEFAULT_POOL;
        }
    }
}
