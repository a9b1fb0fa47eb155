package dev.podium.version;

import java.util.Comparator;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Orders framework versions the way releases follow one another (the agent's backfill orders them alike):
 * numeric parts as numbers (12.1.10 after 12.1.9), a pre-release before its release (2.4.0.RC1 before 2.4.0.Final),
 * other qualifiers as text.
 */
public final class FrameworkVersions {

    private static final Pattern SEPARATORS = Pattern.compile("[.\\-_]");
    private static final Pattern NUMBER = Pattern.compile("\\d{1,18}");
    private static final Pattern PRE_RELEASE =
            Pattern.compile("(?i)(alpha|beta|rc|cr|m|milestone|snapshot|ea|preview|dev|pre)\\d*");

    /** Oldest release first; null (no version recorded) before every version. */
    public static final Comparator<String> ORDER = Comparator.nullsFirst(FrameworkVersions::compare);

    private FrameworkVersions() {}

    static int compare(String a, String b) {
        String[] pa = parts(a);
        String[] pb = parts(b);
        for (int i = 0; i < Math.max(pa.length, pb.length); i++) {
            String x = i < pa.length ? pa[i] : "";
            String y = i < pb.length ? pb[i] : "";
            boolean nx = NUMBER.matcher(x).matches();
            boolean ny = NUMBER.matcher(y).matches();
            int c;
            if (nx && ny) {
                c = Long.compare(Long.parseLong(x), Long.parseLong(y));
            } else if (nx || ny) {
                c = nx ? 1 : -1; // a number beats a qualifier or nothing: 1.2.3 after 1.2 and after 1.2.RC1
            } else {
                boolean px = PRE_RELEASE.matcher(x).matches();
                boolean py = PRE_RELEASE.matcher(y).matches();
                c = px != py ? (px ? -1 : 1) : x.toLowerCase(Locale.ROOT).compareTo(y.toLowerCase(Locale.ROOT));
            }
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static String[] parts(String v) {
        return java.util.Arrays.stream(SEPARATORS.split(v))
                .filter(p -> !p.isEmpty())
                .toArray(String[]::new);
    }
}
