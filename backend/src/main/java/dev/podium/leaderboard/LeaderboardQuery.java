package dev.podium.leaderboard;

import java.time.OffsetDateTime;
import java.util.Set;

/** The leaderboard's filters, validated (read-api.md "Leaderboard"). */
public record LeaderboardQuery(String scenario, String loadModel, String hostClass, Integer vcpus, String jvmVendor,
                               Integer jvmMajor, String ioModel, String framework, Integer connections,
                               OffsetDateTime from, OffsetDateTime to, double sla) {

    public static final double DEFAULT_SLA_MS = 200;
    public static final Set<String> PARAMETERS = Set.of("scenario", "hostClass", "vcpus", "jvmVendor", "jvmMajor",
            "ioModel", "framework", "loadModel", "connections", "from", "to", "sla", "format");

    public static LeaderboardQuery from(QueryParams q) {
        LeaderboardQuery query = new LeaderboardQuery(q.scenario(), q.oneOf("loadModel", QueryParams.LOAD_MODELS, "closed"),
                q.text("hostClass"), q.positiveInt("vcpus", null), q.text("jvmVendor"), q.positiveInt("jvmMajor", null),
                q.oneOf("ioModel", QueryParams.IO_MODELS, null), q.text("framework"), q.positiveInt("connections", null),
                q.instant("from", false), q.instant("to", true), q.positiveNumber("sla", DEFAULT_SLA_MS));
        if (query.from() != null && query.to() != null && query.to().isBefore(query.from())) {
            throw ReadProblems.badParameter("to", "'to' is before 'from'");
        }
        return query;
    }
}
