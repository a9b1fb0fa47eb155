package dev.podium.changes;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Change-point detection and webhook settings (podium.changes.* = PODIUM_CHANGES_*). */
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

    /** Attempts of a webhook delivery, the first included. */
    @WithDefault("6")
    int webhookAttempts();

    /** Wait before the first retry of a webhook delivery; each later retry waits twice as long. */
    @WithDefault("1s")
    Duration webhookBackoff();

    default EDivisive.Settings settings() {
        return new EDivisive.Settings(window(), maxPValue(), minEffectPercent() / 100, minSegmentRuns());
    }
}
