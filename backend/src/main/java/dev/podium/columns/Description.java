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
                description = "where the value sits in the JSON answer: `rows[].x.y` is each row's x.y (a CSV line"
                        + " per item of the list `rows`), `x` the answer's own x; in nested lists,"
                        + " `series[].points[].x` is each point's x (a line per point) and `series[].x` the x of"
                        + " the point's series; a last step `a:b` after a list of the row (`rows[].sweep[].a:b`)"
                        + " writes each item's a and b joined by ':', items joined by a space; null is an empty"
                        + " cell, a list is joined with a space")
        String field) {}
