/*
 * Change-point scorer: runs the service's own detector (dev.podium.changes.ChangeSearch, with the service's default
 * settings unless flags say otherwise) on
 *   1. the annotated real series of a TCPD-format folder (annotations.json and datasets/NAME/NAME.json, e.g. the
 *      development set of the Turing Change Point Dataset), each value one run's figure with three repeats within 0.2%
 *      of it, and prints the F1 per series and the mean next to predicting no change (TCPDBench's F1: margin 5, index 0
 *      in every set, precision against the union of the annotators, recall averaged over them);
 *   2. synthetic histories with run-to-run noise: false alarms on series with no change (200 runs, run-to-run CV 3%,
 *      5%, 10%, within-run CV 0.2%), and the detection delay of a 10% step at run-to-run CV 3%, 5%, 10%: the runs
 *      after the step until a change point within 2 runs of it is reported, as the runs arrive one by one.
 * A pure computation (no timing, no network). backend/bench/changes.sh builds the service's classes and calls:
 *
 *   java -cp 'target/classes:DEPENDENCIES' backend/bench/ChangeScore.java [--data DIR] [--seeds 100]
 *        [--max-p 0.001] [--min-effect-percent 5] [--min-segment 3] [--window 50]
 */
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.changes.ChangeSearch;
import dev.podium.changes.ChangesConfig;
import dev.podium.changes.EDivisive;
import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

public class ChangeScore {

    static final int MARGIN = 5;
    static final double WITHIN_CV = 0.002;
    static final int REPEATS = 3;
    static ChangeSearch.Method method;

    public static void main(String[] args) throws Exception {
        Map<String, String> flags = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("flags come as --name value: " + args[i]);
            }
            flags.put(args[i].substring(2), args[i + 1]);
        }
        EDivisive.Settings settings = new EDivisive.Settings(
                Integer.parseInt(flags.getOrDefault("window", ChangesConfig.WINDOW)),
                Double.parseDouble(flags.getOrDefault("max-p", ChangesConfig.MAX_P_VALUE)),
                Double.parseDouble(flags.getOrDefault("min-effect-percent", ChangesConfig.MIN_EFFECT_PERCENT)) / 100,
                Integer.parseInt(flags.getOrDefault("min-segment", ChangesConfig.MIN_SEGMENT_RUNS)));
        int seeds = Integer.parseInt(flags.getOrDefault("seeds", "100"));
        method = ChangeSearch.Method.valueOf(
                flags.getOrDefault("method", ChangeSearch.SERVICE.name()).toUpperCase(Locale.ROOT));
        System.out.printf(
                Locale.ROOT,
                "settings: %s, p < %s, effect >= %s%%, segments >= %d runs, window %d%n",
                method,
                settings.maxPValue(),
                settings.minMagnitude() * 100,
                settings.minSegment(),
                settings.windowLen());
        if (flags.containsKey("data")) {
            tcpd(new File(flags.get("data")), settings);
        } else {
            System.out.println("(no --data folder: the annotated series are skipped)");
        }
        if (seeds > 0) {
            synthetic(settings, seeds);
        }
    }

    /** The change points of a series of run figures, each run REPEATS repeats within WITHIN_CV of its figure. */
    static List<Integer> detect(double[] figures, EDivisive.Settings settings, Random random) {
        List<double[]> repeats = new ArrayList<>();
        for (double f : figures) {
            double[] r = new double[REPEATS];
            for (int k = 0; k < REPEATS; k++) {
                r[k] = f * (1 + WITHIN_CV * random.nextGaussian());
            }
            repeats.add(r);
        }
        return ChangeSearch.find(figures, repeats, settings, method).stream()
                .map(EDivisive.ChangePoint::index)
                .toList();
    }

    static void tcpd(File folder, EDivisive.Settings settings) throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode annotations = json.readTree(new File(folder, "annotations.json"));
        double sumDetector = 0;
        double sumNone = 0;
        int series = 0;
        System.out.println();
        System.out.println("series                  runs  annotated (per annotator)      found                    F1  no-change F1");
        for (Iterator<String> names = annotations.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            File file = new File(folder, "datasets/" + name + "/" + name + ".json");
            JsonNode raw = json.readTree(file).get("series").get(0).get("raw");
            double[] figures = new double[raw.size()];
            for (int i = 0; i < figures.length; i++) {
                // a missing value keeps the previous figure: the indexes stay the annotators'
                figures[i] = raw.get(i).isNumber() ? raw.get(i).asDouble() : i > 0 ? figures[i - 1] : 0;
            }
            List<List<Integer>> annotators = new ArrayList<>();
            for (JsonNode a : annotations.get(name)) {
                List<Integer> points = new ArrayList<>();
                a.forEach(p -> points.add(p.asInt()));
                annotators.add(points);
            }
            List<Integer> found = detect(figures, settings, new Random(name.hashCode()));
            double f1 = f1(annotators, found);
            double none = f1(annotators, List.of());
            sumDetector += f1;
            sumNone += none;
            series++;
            System.out.printf(
                    Locale.ROOT,
                    "%-22s %5d  %-30s %-22s %5.3f  %5.3f%n",
                    name,
                    figures.length,
                    abbreviate(annotators.toString(), 30),
                    abbreviate(found.toString(), 22),
                    f1,
                    none);
        }
        System.out.printf(
                Locale.ROOT,
                "mean F1 over %d series: %.3f (predicting no change: %.3f)%n",
                series,
                sumDetector / series,
                sumNone / series);
    }

    static String runs(int delay, int horizon) {
        return delay == Integer.MAX_VALUE ? "more than " + horizon : String.valueOf(delay);
    }

    static String abbreviate(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 3) + "...";
    }

    /** TCPDBench's F1: margin 5, 0 in every set, precision against the union, recall averaged over annotators. */
    static double f1(List<List<Integer>> annotators, List<Integer> predicted) {
        TreeSet<Integer> x = new TreeSet<>(predicted);
        x.add(0);
        TreeSet<Integer> union = new TreeSet<>();
        List<TreeSet<Integer>> sets = new ArrayList<>();
        for (List<Integer> a : annotators) {
            TreeSet<Integer> t = new TreeSet<>(a);
            t.add(0);
            sets.add(t);
            union.addAll(t);
        }
        double precision = (double) truePositives(union, x) / x.size();
        double recall = 0;
        for (TreeSet<Integer> t : sets) {
            recall += (double) truePositives(t, x) / t.size() / sets.size();
        }
        return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
    }

    /** True points matched, each to the nearest unmatched prediction within the margin. */
    static int truePositives(TreeSet<Integer> truth, TreeSet<Integer> predicted) {
        TreeSet<Integer> left = new TreeSet<>(predicted);
        int tp = 0;
        for (int tau : truth) {
            Integer best = null;
            for (int x : left) {
                if (Math.abs(tau - x) <= MARGIN
                        && (best == null || Math.abs(tau - x) < Math.abs(tau - best))) {
                    best = x;
                }
            }
            if (best != null) {
                tp++;
                left.remove(best);
            }
        }
        return tp;
    }

    static void synthetic(EDivisive.Settings settings, int seeds) {
        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "no change, 200 runs, within-run CV %.1f%%, %d seeds each:%n", WITHIN_CV * 100, seeds);
        for (double cv : new double[] {0.03, 0.05, 0.10}) {
            int alarms = 0;
            int series = 0;
            for (int seed = 0; seed < seeds; seed++) {
                Random random = new Random(seed);
                double[] figures = new double[200];
                for (int i = 0; i < figures.length; i++) {
                    figures[i] = 100_000 * (1 + cv * random.nextGaussian());
                }
                int found = detect(figures, settings, random).size();
                alarms += found;
                series += found > 0 ? 1 : 0;
            }
            System.out.printf(
                    Locale.ROOT,
                    "  run-to-run CV %4.1f%%: %d false change points in all, %d of %d series with any%n",
                    cv * 100,
                    alarms,
                    series,
                    seeds);
        }
        System.out.println();
        int before = 60;
        int horizon = 30;
        System.out.printf(
                Locale.ROOT,
                "a 10%% drop after %d runs, runs arriving one by one (found: a change point within %d runs of the step),"
                        + " %d seeds each:%n",
                before,
                MARGIN,
                seeds);
        for (double cv : new double[] {0.03, 0.05, 0.10}) {
            int never = 0;
            int falseBefore = 0;
            List<Integer> all = new ArrayList<>();
            for (int seed = 0; seed < seeds; seed++) {
                Random random = new Random(1000 + seed);
                double[] figures = new double[before + horizon];
                for (int i = 0; i < figures.length; i++) {
                    figures[i] = (i < before ? 100_000 : 90_000) * (1 + cv * random.nextGaussian());
                }
                Integer delay = null;
                for (int after = 1; after <= horizon && delay == null; after++) {
                    double[] prefix = java.util.Arrays.copyOf(figures, before + after);
                    List<Integer> found = detect(prefix, settings, new Random(seed));
                    if (found.stream().anyMatch(i -> Math.abs(i - before) <= MARGIN)) {
                        delay = after;
                    }
                }
                if (detect(java.util.Arrays.copyOf(figures, before), settings, new Random(seed)).size() > 0) {
                    falseBefore++;
                }
                if (delay == null) {
                    never++;
                } else {
                    all.add(delay);
                }
            }
            all.sort(null);
            while (all.size() < seeds) {
                all.add(Integer.MAX_VALUE); // not found within the horizon: after every found one
            }
            System.out.printf(
                    Locale.ROOT,
                    "  run-to-run CV %4.1f%%: runs after the step until found: median %s, 90th percentile %s,"
                            + " at most 5: %d of %d, not within %d: %d; false change points in the %d runs before: %d"
                            + " series%n",
                    cv * 100,
                    runs(all.get(all.size() / 2), horizon),
                    runs(all.get(Math.min(all.size() - 1, (int) Math.ceil(all.size() * 0.9) - 1)), horizon),
                    all.stream().filter(d -> d <= 5).count(),
                    seeds,
                    horizon,
                    never,
                    before,
                    falseBefore);
        }
    }
}
