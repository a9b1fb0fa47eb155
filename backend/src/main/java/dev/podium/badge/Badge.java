package dev.podium.badge;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A badge's two halves and colour, rendered as shields.io's flat SVG or its endpoint JSON; {@code title}: the SVG's
 * title and accessible name (the two halves, and what the badge cannot fit, such as what its interval spans).
 */
public record Badge(String label, String message, String color, String title) {

    /** A badge whose title is its two halves. */
    public Badge(String label, String message, String color) {
        this(label, message, color, label + ": " + message);
    }

    /** shields.io's named colours, as its flat style paints them. */
    static final Map<String, String> COLORS = Map.of(
            "brightgreen",
            "#4c1",
            "green",
            "#97ca00",
            "yellowgreen",
            "#a4a61d",
            "blue",
            "#007ec6",
            "orange",
            "#fe7d37",
            "lightgrey",
            "#9f9f9f");

    /** shields.io's endpoint format (https://shields.io/badges/endpoint-badge). */
    public Map<String, Object> endpoint() {
        return Map.of("schemaVersion", 1, "label", label, "message", message, "color", color);
    }

    public byte[] svg() {
        int lw = width(label);
        int mw = width(message);
        int w = lw + mw;
        String text = escape(title);
        String svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + w
                + "\" height=\"20\" role=\"img\" aria-label=\""
                + text + "\"><title>" + text + "</title>"
                + "<linearGradient id=\"s\" x2=\"0\" y2=\"100%\"><stop offset=\"0\" stop-color=\"#bbb\" stop-opacity=\".1\"/>"
                + "<stop offset=\"1\" stop-opacity=\".1\"/></linearGradient>"
                + "<clipPath id=\"r\"><rect width=\"" + w + "\" height=\"20\" rx=\"3\" fill=\"#fff\"/></clipPath>"
                + "<g clip-path=\"url(#r)\"><rect width=\"" + lw + "\" height=\"20\" fill=\"#555\"/><rect x=\"" + lw
                + "\" width=\"" + mw + "\" height=\"20\" fill=\"" + COLORS.getOrDefault(color, "#9f9f9f") + "\"/>"
                + "<rect width=\"" + w + "\" height=\"20\" fill=\"url(#s)\"/></g>"
                + "<g fill=\"#fff\" text-anchor=\"middle\" font-family=\"Verdana,Geneva,DejaVu Sans,sans-serif\" font-size=\"11\">"
                + "<text x=\"" + (lw / 2.0) + "\" y=\"14\">" + escape(label) + "</text>"
                + "<text x=\"" + (lw + mw / 2.0) + "\" y=\"14\">" + escape(message) + "</text></g></svg>";
        return svg.getBytes(StandardCharsets.UTF_8);
    }

    /** Verdana 11px averages about 7 px a character; 10 px of padding either side of the text. */
    private static int width(String s) {
        return s.codePointCount(0, s.length()) * 7 + 20;
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
