package dev.podium.common;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** An RFC 9457 problem detail, plus the offending field(s) named as schema/README.md says. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String detail, String field, List<FieldError> errors) {

    public static final String MEDIA_TYPE = "application/problem+json";

    /** One offending field and what is wrong with it. */
    public record FieldError(String field, String message) {}
}
