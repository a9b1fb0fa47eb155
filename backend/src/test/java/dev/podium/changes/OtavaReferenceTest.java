package dev.podium.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/**
 * The port against Apache Otava 0.8 itself: changes/otava-reference.json holds what otava.analysis.compute_change_points
 * answers on the example series of Otava's own tests (written by changes/otava_reference.py). With Otava's tester
 * (Student's t on the points, numpy's population standard deviation) the Java port must give the same change points.
 */
class OtavaReferenceTest {

    /** otava.analysis.TTestSignificanceTester: scipy ttest_ind_from_stats(equal_var=True) fed np.std (ddof 0). */
    static EDivisive.Tester otavaTester(double[] z) {
        return (from, at, to) -> {
            int nl = at - from;
            int nr = to - at;
            double ml = mean(z, from, at);
            double mr = mean(z, at, to);
            double sl = nl >= 2 ? populationSd(z, from, at, ml) : 0;
            double sr = nr >= 2 ? populationSd(z, at, to, mr) : 0;
            double p = 1.0;
            if (nl + nr > 2) {
                int df = nl + nr - 2;
                double pooled = ((nl - 1) * sl * sl + (nr - 1) * sr * sr) / df;
                double denom = Math.sqrt(pooled * (1.0 / nl + 1.0 / nr));
                double t = (ml - mr) / denom;
                p = Double.isNaN(t)
                        ? Double.NaN
                        : Double.isInfinite(t)
                                ? 0
                                : 2 * new TDistribution(null, df).cumulativeProbability(-Math.abs(t));
            }
            double forward = ml == 0 ? 0 : mr / ml - 1;
            double backward = mr == 0 ? 0 : ml / mr - 1;
            return new EDivisive.Stats(ml, mr, p, Math.max(Math.abs(forward), Math.abs(backward)), 0);
        };
    }

    @Test
    void sameChangePointsAsOtavaOnItsPublishedSeries() throws IOException {
        JsonNode reference;
        try (InputStream in = getClass().getResourceAsStream("/changes/otava-reference.json")) {
            reference = new ObjectMapper().readTree(in);
        }
        int cases = 0;
        for (JsonNode c : reference.get("cases")) {
            double[] z = doubles(reference.get("series").get(c.get("series").asText()));
            EDivisive.Settings settings = new EDivisive.Settings(
                    c.get("windowLen").asInt(),
                    c.get("maxPValue").asDouble(),
                    c.get("minMagnitude").asDouble(),
                    1,
                    true);
            List<EDivisive.ChangePoint> found = EDivisive.changePoints(z, settings, otavaTester(z));
            String name = c.get("series").asText() + " p=" + c.get("maxPValue") + " magnitude=" + c.get("minMagnitude");
            List<Integer> expected = new ArrayList<>();
            c.get("changePoints").forEach(cp -> expected.add(cp.get("index").asInt()));
            assertEquals(
                    expected, found.stream().map(EDivisive.ChangePoint::index).toList(), name);
            for (int i = 0; i < found.size(); i++) {
                JsonNode cp = c.get("changePoints").get(i);
                EDivisive.Stats s = found.get(i).stats();
                assertEquals(cp.get("meanBefore").asDouble(), s.meanBefore(), 1e-9 * Math.abs(s.meanBefore()), name);
                assertEquals(cp.get("meanAfter").asDouble(), s.meanAfter(), 1e-9 * Math.abs(s.meanAfter()), name);
                double p = cp.get("pValue").asDouble();
                assertEquals(p, s.pValue(), Math.max(1e-12, 1e-6 * p), name + " at " + cp.get("index"));
            }
            cases++;
        }
        assertEquals(12, cases);
    }

    private static double[] doubles(JsonNode array) {
        double[] d = new double[array.size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = array.get(i).asDouble();
        }
        return d;
    }

    private static double mean(double[] z, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += z[i];
        }
        return s / (to - from);
    }

    private static double populationSd(double[] z, int from, int to, double mean) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += (z[i] - mean) * (z[i] - mean);
        }
        return Math.sqrt(s / (to - from));
    }
}
