package dev.podium.framework;

import dev.podium.cache.ReadCache;
import dev.podium.read.CellQueries;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import lombok.RequiredArgsConstructor;

/**
 * The framework names stored in runs (baselines included), and what a visitor's {@code framework=} value means: the
 * stored name itself, the same name in any case, or its slug. Read once per runs stamp through the {@link ReadCache}.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class FrameworkNames {

    private final CellQueries queries;
    private final ReadCache cache;

    /** Every stored framework name, sorted. Blocking: call on a worker thread. */
    public List<String> all() {
        byte[] body = cache.get(
                        "framework-names",
                        () -> new ReadCache.Answer(
                                String.join(
                                                "\n",
                                                queries.distinctNewest(
                                                        "c.framework", new CellQueries.Where(), rs -> rs.getString(1)))
                                        .getBytes(StandardCharsets.UTF_8),
                                "text/plain"))
                .body();
        String joined = new String(body, StandardCharsets.UTF_8);
        return joined.isEmpty() ? List.of() : List.of(joined.split("\n"));
    }

    /** The stored name {@code given} stands for (exact, then case-insensitive, then by slug); null when none. */
    public String resolve(String given) {
        List<String> names = all();
        if (names.contains(given)) {
            return given;
        }
        String lower = given.toLowerCase(Locale.ROOT);
        for (String n : names) {
            if (n.toLowerCase(Locale.ROOT).equals(lower)) {
                return n;
            }
        }
        for (String n : names) {
            if (Slugs.of(n).equals(lower)) {
                return n;
            }
        }
        return null;
    }
}
