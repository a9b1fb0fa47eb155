package dev.podium.suite.quarkus;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** The Date header every response must carry (RFC 9110 6.6.1), formatted once per second, not once per request. */
public final class HttpDate {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);
    private static volatile long second = -1;
    private static volatile String value = "";

    private HttpDate() {}

    public static String now() {
        long s = System.currentTimeMillis() / 1000;
        if (s != second) {
            value = FORMAT.format(Instant.ofEpochSecond(s)); // value before second: a reader that sees s sees it
            second = s;
        }
        return value;
    }
}
