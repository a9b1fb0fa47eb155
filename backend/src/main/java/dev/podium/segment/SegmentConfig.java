package dev.podium.segment;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The board's pooling of a series' current segment (podium.segment.* = PODIUM_SEGMENT_*). */
@ConfigMapping(prefix = "podium.segment")
public interface SegmentConfig {

    /** Runs after a change point before the board believes it; until then the runs since it are left out. */
    @WithDefault("3")
    int confirmRuns();
}
