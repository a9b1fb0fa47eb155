package dev.podium.input;

import dev.podium.common.ProblemException;
import jakarta.ws.rs.core.MediaType;

/** Write endpoints read JSON only: another Content-Type (text/plain, a form, UTF-16) is a 415 naming the header. */
public final class ContentTypes {

    private ContentTypes() {}

    public static void requireJson(String contentType) {
        MediaType type;
        try {
            type = contentType == null ? null : MediaType.valueOf(contentType);
        } catch (IllegalArgumentException e) {
            type = null;
        }
        boolean json = type != null
                && "application".equalsIgnoreCase(type.getType())
                && ("json".equalsIgnoreCase(type.getSubtype())
                        || type.getSubtype().toLowerCase().endsWith("+json"));
        String charset = type == null ? null : type.getParameters().get("charset");
        if (!json || (charset != null && !charset.equalsIgnoreCase("utf-8"))) {
            throw new ProblemException(
                    415,
                    "unsupported-media-type",
                    "Unsupported media type",
                    "send the body as Content-Type: application/json (UTF-8), got "
                            + (contentType == null ? "none" : contentType),
                    "Content-Type");
        }
    }
}
