package dev.podium.suite.common;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The Date header every response must carry (RFC 9110 6.6.1), formatted once per second, not once per request: for the
 * targets whose framework sends none by default (Netty, Vert.x, Reactor Netty, Quarkus), each adding it its own way.
 */
public final class HttpDate {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);
    private static volatile long second = -1;
    private static volatile String value = "";

    private HttpDate() {}

    /** The current second as an HTTP date, e.g. "Sun, 06 Nov 1994 08:49:37 GMT". */
    public static String now() {
        long s = System.currentTimeMillis() / 1000;
        if (s != second) {
            value = FORMAT.format(Instant.ofEpochSecond(s)); // value before second: a reader that sees s sees it
            second = s;
        }
        return value;
    }
}
