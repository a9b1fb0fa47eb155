package dev.podium.suite.quarkus;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** What the db scenarios (agent/suite/db/README.md) share besides the database: rows, n, random ids, the page. */
public final class Db {
    static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = $1";
    static final String UPDATE_WORLD = "UPDATE world SET randomnumber = $1 WHERE id = $2";
    static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";

    public record World(int id, int randomNumber) {}

    record Fortune(int id, String message) {}

    private Db() {}

    /** n as TechEmpower parses it: missing or not a number is 1, below 1 is 1, above 500 is 500. */
    static int count(String value) {
        int n;
        try {
            n = value == null ? 1 : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            n = 1;
        }
        return Math.min(500, Math.max(1, n));
    }

    static int randomId() {
        return ThreadLocalRandom.current().nextInt(1, 10001);
    }

    /** The rows read, each given a new random number: what /updates writes back and answers. */
    static List<World> renumbered(List<World> read) {
        List<World> out = new ArrayList<>(read.size());
        for (World w : read) {
            out.add(new World(w.id(), randomId()));
        }
        return out;
    }

    /** The rows in id order, so that concurrent update batches lock rows in the same order and cannot deadlock. */
    static List<World> byId(List<World> worlds) {
        List<World> out = new ArrayList<>(worlds);
        out.sort(Comparator.comparingInt(World::id));
        return out;
    }

    /**
     * The fortunes page of agent/suite/db/fortunes.html, built by hand: the rows plus the one added at request time,
     * sorted by message, each escaped (&amp; &lt; &gt; &quot; &#39;), no whitespace between tags.
     */
    static String page(List<Fortune> rows) {
        List<Fortune> fortunes = new ArrayList<>(rows.size() + 1);
        fortunes.addAll(rows);
        fortunes.add(new Fortune(0, "Additional fortune added at request time."));
        fortunes.sort(Comparator.comparing(Fortune::message));
        StringBuilder html = new StringBuilder(2048)
                .append("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>")
                .append("<tr><th>id</th><th>message</th></tr>");
        for (Fortune f : fortunes) {
            html.append("<tr><td>").append(f.id()).append("</td><td>");
            escape(html, f.message());
            html.append("</td></tr>");
        }
        return html.append("</table></body></html>").toString();
    }

    private static void escape(StringBuilder out, String text) {
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(ch);
            }
        }
    }
}
