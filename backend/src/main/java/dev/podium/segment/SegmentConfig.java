package dev.podium.segment;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The board's pooling of a series' current segment (podium.segment.* = PODIUM_SEGMENT_*). */
@ConfigMapping(prefix = "podium.segment")
public interface SegmentConfig {

    /** Runs after a change point before the board believes it; until then the runs since it are left out. */
    @WithDefault("3")
    int confirmRuns();

    /**
     * The newest runs of a segment pooled at the most (about a month of nightly runs): more narrow the interval of a
     * level the next run may have left by a drift no change point marks, and a board would read every night stored.
     */
    @WithDefault("30")
    int maxRuns();
}
