package dev.podium.suite.common;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The fortunes page of agent/suite/db/fortunes.html, built by hand: the rows plus the one added at request time,
 * sorted by message, each escaped (&amp; &lt; &gt; &quot; &#39;), no whitespace between tags.
 */
public final class FortunesPage {
    private FortunesPage() {}

    /** The page of rows (left unchanged) and the fortune added at request time. */
    public static String render(List<Fortune> rows) {
        return render(rows, null);
    }

    /**
     * The page with each message escaped by escape instead (a framework's own HTML escaping, which must escape the same
     * five characters), or by this class's when escape is null.
     */
    public static String render(List<Fortune> rows, UnaryOperator<String> escape) {
        List<Fortune> fortunes = new ArrayList<>(rows.size() + 1);
        fortunes.addAll(rows);
        fortunes.add(new Fortune(0, "Additional fortune added at request time."));
        fortunes.sort(Comparator.comparing(Fortune::message));
        StringBuilder html = new StringBuilder(2048)
                .append("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>")
                .append("<tr><th>id</th><th>message</th></tr>");
        for (Fortune f : fortunes) {
            html.append("<tr><td>").append(f.id()).append("</td><td>");
            if (escape == null) {
                escape(html, f.message());
            } else {
                html.append(escape.apply(f.message()));
            }
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
