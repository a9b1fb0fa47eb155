package dev.podium.stats;

import java.util.ArrayList;
import java.util.List;

/** The migration calculator of methodology section 6: servers to add with and without moving to framework B. */
public final class MigrationCalculator {

    /** Guards ceil() against binary noise: (3000 - 1000) / 250.00000000000003 must stay 8, not become 9. */
    private static final double EPSILON = 1e-9;

    /** One API: its system's current max RPS at the SLA (ACRPS) and the RPS it must reach (ARRPS). */
    public record Api(double current, double required) {}

    public record ApiResult(
            double current,
            double required,
            double perServerToday,
            double perServerAfter,
            double systemAfter,
            long serversToAddWithout,
            long serversToAddWith,
            long serversSaved) {}

    public record Totals(long serversToAddWithout, long serversToAddWith, long serversSaved) {}

    public record Result(double ratio, int servers, List<ApiResult> apis, Totals totals) {}

    private MigrationCalculator() {}

    /** ratio = SLA throughput of B / SLA throughput of A; servers = N, the servers today. */
    public static Result compute(int servers, double ratio, List<Api> apis) {
        if (servers < 1) {
            throw new IllegalArgumentException("servers must be at least 1");
        }
        if (!(ratio > 0) || Double.isInfinite(ratio)) {
            throw new IllegalArgumentException("ratio must be a positive number");
        }
        List<ApiResult> results = new ArrayList<>();
        long without = 0;
        long with = 0;
        for (Api api : apis) {
            double perServerToday = api.current() / servers; // CRPS_i = ACRPS_i / N
            double perServerAfter = perServerToday * ratio; // PRPS_i = CRPS_i x R
            double systemAfter = api.current() * ratio; // APRPS_i = ACRPS_i x R
            long addWithout = serversToAdd(api.required() - api.current(), perServerToday);
            long addWith = serversToAdd(api.required() - systemAfter, perServerAfter);
            results.add(new ApiResult(
                    api.current(),
                    api.required(),
                    perServerToday,
                    perServerAfter,
                    systemAfter,
                    addWithout,
                    addWith,
                    addWithout - addWith));
            without += addWithout;
            with += addWith;
        }
        return new Result(ratio, servers, results, new Totals(without, with, without - with));
    }

    /** ceil(missing / perServer), never below 0. */
    static long serversToAdd(double missing, double perServer) {
        if (missing <= 0) {
            return 0;
        }
        return Math.max(0, (long) Math.ceil(missing / perServer - EPSILON));
    }
}
