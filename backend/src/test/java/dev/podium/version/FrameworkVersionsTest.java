package dev.podium.version;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrameworkVersionsTest {

    // the same order the agent's backfill test (agent/internal/backfill) asserts
    static final List<String> ORDERED = List.of(
            "1.0",
            "1.0.1",
            "2.4.0.Alpha1",
            "2.4.0.Beta2",
            "2.4.0.RC1",
            "2.4.0.Final",
            "2.4.1.Final",
            "2.4.10.Final",
            "6.0.0-M3",
            "6.0.0",
            "9.4.46.v20220331",
            "12.1.9",
            "12.1.10");

    @Test
    void releases_sort_by_number_not_by_text_and_a_pre_release_before_its_release() {
        for (int i = 0; i < ORDERED.size(); i++) {
            for (int j = 0; j < ORDERED.size(); j++) {
                assertEquals(
                        Integer.compare(i, j),
                        Integer.signum(FrameworkVersions.ORDER.compare(ORDERED.get(i), ORDERED.get(j))),
                        ORDERED.get(i) + " vs " + ORDERED.get(j));
            }
        }
        List<String> shuffled = new ArrayList<>(ORDERED);
        Collections.reverse(shuffled);
        shuffled.add(null);
        shuffled.sort(FrameworkVersions.ORDER);
        assertEquals(null, shuffled.get(0));
        assertEquals(ORDERED, shuffled.subList(1, shuffled.size()));
    }
}
