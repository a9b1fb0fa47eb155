package dev.podium.run;

/** Values in PostgreSQL COPY's text format: \N for null, backslash, tab, newline and carriage return escaped. */
final class CopyText {

    private CopyText() {}

    /** A column's value: a string, a string array (text[]), a boolean or a number; \N when null. */
    static void value(StringBuilder out, Object value) {
        switch (value) {
            case null -> out.append("\\N");
            // numbers first, most columns are: the primitive appends write the digits straight into the builder
            case Double d -> out.append(d.doubleValue());
            case Long l -> out.append(l.longValue());
            case Integer i -> out.append(i.intValue());
            case String s -> escape(out, s);
            case java.util.UUID u -> out.append(u);
            case String[] a -> escape(out, arrayLiteral(a));
            case Boolean b -> out.append(b ? 't' : 'f');
            case Number n -> out.append(n);
            default ->
                throw new IllegalArgumentException(
                        "no COPY text for a " + value.getClass().getName());
        }
    }

    private static void escape(StringBuilder out, String value) {
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            switch (ch) {
                case '\\' -> out.append("\\\\");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(ch);
            }
        }
    }

    /** The array literal {"a","b"}: each element quoted, " and \ escaped. */
    private static String arrayLiteral(String[] values) {
        StringBuilder literal = new StringBuilder("{");
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                literal.append(',');
            }
            literal.append('"')
                    .append(values[i].replace("\\", "\\\\").replace("\"", "\\\""))
                    .append('"');
        }
        return literal.append('}').toString();
    }
}
