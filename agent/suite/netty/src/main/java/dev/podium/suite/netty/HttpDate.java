package dev.podium.suite.netty;

import io.netty.handler.codec.DateFormatter;
import java.util.Date;

/** The Date header every response must carry (RFC 9110 6.6.1), formatted once per second, not once per request. */
final class HttpDate {
    private static volatile long second = -1;
    private static volatile String value = "";

    private HttpDate() {}

    static String now() {
        long s = System.currentTimeMillis() / 1000;
        if (s != second) {
            value = DateFormatter.format(new Date(s * 1000)); // value before second: a reader that sees s sees it
            second = s;
        }
        return value;
    }
}
