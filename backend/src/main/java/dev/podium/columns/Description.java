package dev.podium.columns;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** GET /api/columns/{table}: one column as the site and any client read it. */
@Schema(name = "ColumnDescription")
public record Description(
        @Schema(description = "the JSON name of the column") String name,

        @Schema(description = "its CSV header: the name in snake_case")
        String csv,

        @Schema(description = "a short heading for a table") String label,

        @Schema(nullable = true, description = "the unit of its values; null when it has none")
        String unit,

        String description,

        @Schema(
                description = "where the value sits in the JSON answer: `rows[].x.y` is each row's x.y, `x` the"
                        + " answer's own x; a last step `a:b` after `[]` writes each item's a and b joined by ':',"
                        + " items joined by a space; null is an empty cell, a list is joined with a space")
        String field) {}
