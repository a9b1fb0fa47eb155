package dev.podium.changes;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Change-point detection and webhook settings (podium.changes.* = PODIUM_CHANGES_*). */
@ConfigMapping(prefix = "podium.changes")
public interface ChangesConfig {

    /** A change must have Welch's p below this (two-sided, repeats either side). */
    @WithDefault("0.001")
    double maxPValue();

    /** A change must move the mean by at least this many percent. */
    @WithDefault("5")
    double minEffectPercent();

    /** Runs per sliding window of the split step (Otava's window_len). */
    @WithDefault("50")
    int window();

    /** Fewest runs between two change points; the newest segment may have fewer (a change on the latest run). */
    @WithDefault("2")
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
