package dev.podium.suite.common;

import java.util.Map;

/**
 * Where the db scenarios' database is and how many connections a target may open to it: what the agent tells a target
 * in its PODIUM_TARGET_DB_* variables (agent/suite/db/README.md), with the defaults a target uses for one that is unset.
 * Each target still builds its own client from these, its framework's way.
 */
public record DatabaseSettings(String host, int port, String name, String user, String password, int pool) {

    /** From PODIUM_TARGET_DB_HOST (127.0.0.1), _PORT (5432), _NAME (hello_world), _USER and _PASSWORD (podium), _POOL. */
    public static DatabaseSettings from(Map<String, String> env) {
        return new DatabaseSettings(
                env.getOrDefault("PODIUM_TARGET_DB_HOST", "127.0.0.1"),
                Integer.parseInt(env.getOrDefault("PODIUM_TARGET_DB_PORT", "5432")),
                env.getOrDefault("PODIUM_TARGET_DB_NAME", "hello_world"),
                env.getOrDefault("PODIUM_TARGET_DB_USER", "podium"),
                env.getOrDefault("PODIUM_TARGET_DB_PASSWORD", "podium"),
                Worlds.poolSize(env.get("PODIUM_TARGET_DB_POOL")));
    }

    /** jdbc:postgresql://HOST:PORT/NAME, for the JDBC driver. */
    public String jdbcUrl() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + name;
    }
}
