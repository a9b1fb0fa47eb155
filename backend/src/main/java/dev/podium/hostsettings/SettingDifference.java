package dev.podium.hostsettings;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One host setting whose value is not the same in every run a table is computed from. */
@Schema(name = "HostSettingDifference")
public record SettingDifference(
        @Schema(
                description = "the payload v2 host.settings property, e.g. governor; vulnerabilities.<file> for one"
                        + " vulnerability line",
                example = "governor")
        String setting,

        @Schema(description = "each value seen, with the targets whose run had it")
        List<Value> values) {

    /** A value ("not recorded" when a run lacks it: v1 runs, or a host that does not expose it) and its targets. */
    @Schema(name = "HostSettingValue")
    public record Value(@Schema(example = "performance") String value, List<String> targets) {}
}
