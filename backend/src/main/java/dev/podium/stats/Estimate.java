package dev.podium.stats;

import jakarta.persistence.Embeddable;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A derived figure over the repeats it is defined for: their mean, the 95% t interval of that mean (null bounds below 2
 * repeats) and how many repeats stand behind it. Embedded in CellStats (all columns null: no estimate). The repeats are
 * one cell's, of one run, every JVM start's taken as one sample: unlike the throughput interval (CellStatistics
 * forkSpread), this one does not count the spread between starts, and the site says so beside it.
 */
@Embeddable
@Schema(
        description =
                "a figure over the repeats of one cell (one run): their mean, the 95% t interval of that mean over"
                        + " those repeats (null bounds below 2 repeats), every JVM start's repeats taken as one sample, so the"
                        + " spread between starts is not counted in it (unlike the throughput interval), and how many repeats")
public record Estimate(
        double mean,
        @Schema(nullable = true) Double ciLow,
        @Schema(nullable = true) Double ciHigh,
        int repeats) {

    /** Null when no repeat defines the figure. */
    public static Estimate of(double[] values) {
        if (values.length == 0) {
            return null;
        }
        double mean = new Mean().evaluate(values);
        double[] t = StudentT.meanInterval(values);
        double[] ci = t == null ? null : PositiveInterval.around(mean, mean, t[0], t[1]);
        return new Estimate(mean, ci == null ? null : ci[0], ci == null ? null : ci[1], values.length);
    }
}
