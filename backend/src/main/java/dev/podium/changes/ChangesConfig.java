package dev.podium.changes;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Change-point detection settings (podium.changes.* = PODIUM_CHANGES_*). */
@ConfigMapping(prefix = "podium.changes")
public interface ChangesConfig {

    // the defaults, named once: the scorer (backend/bench/ChangeScore.java) runs with the same
    String MAX_P_VALUE = "0.0001";
    String MIN_EFFECT_PERCENT = "5";
    String WINDOW = "50";
    String MIN_SEGMENT_RUNS = "3";

    /** A change must have Student's p below this (two-sided, the run figures either side). */
    @WithDefault(MAX_P_VALUE)
    double maxPValue();

    /** A change must move the mean of the run figures by at least this many percent (the effect floor). */
    @WithDefault(MIN_EFFECT_PERCENT)
    double minEffectPercent();

    /** Runs per sliding window of the split step (Otava's window_len). */
    @WithDefault(WINDOW)
    int window();

    /** Fewest runs between two change points; the newest segment may have fewer (a change on the latest run). */
    @WithDefault(MIN_SEGMENT_RUNS)
    int minSegmentRuns();

    /**
     * How long a replica's claim on a run's change detection holds; a run whose detection is not done by then (its
     * replica died, or no replica took it) is analysed by the sweep of any replica.
     */
    @WithDefault("2m")
    Duration detectionLease();

    /** How often each replica sweeps for runs whose change detection did not run. */
    @WithDefault("30s")
    Duration detectionSweepInterval();

    default EDivisive.Settings settings() {
        return new EDivisive.Settings(window(), maxPValue(), minEffectPercent() / 100, minSegmentRuns());
    }
}
