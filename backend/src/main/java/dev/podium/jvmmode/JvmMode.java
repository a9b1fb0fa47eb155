package dev.podium.jvmmode;

import java.util.List;

/**
 * How a cell's target JVM was started (payload v2 results[].jvmMode, V21__jvm_mode.sql): {@code default}, with the
 * target's own flags, or {@code aot-cache}, from the ahead-of-time cache a training run of the same target wrote (JDK
 * 25's JEPs 483, 514 and 515; docs/methodology.md, "JVM mode"). Part of a cell's identity like the I/O model and the
 * topology: every answer reads one mode (the jvmMode filter, default unless asked) and a change-point series is one
 * mode's.
 */
public final class JvmMode {

    public static final String DEFAULT = "default";
    public static final String AOT_CACHE = "aot-cache";

    /** The modes, in the order the agent measures them and the site lists them. */
    public static final List<String> ALL = List.of(DEFAULT, AOT_CACHE);

    /** The flag of an aot-cache cell whose JVM ran without the cache (aotTraining.problem says why). */
    public static final String NOT_USED_FLAG = "aot-cache-not-used";

    private JvmMode() {}

    /** The payload's jvmMode, default when absent (v1 payloads, v2 payloads without it). */
    public static String of(String payloadValue) {
        return payloadValue == null ? DEFAULT : payloadValue;
    }

    /** What a change-point series key adds for the mode: nothing for the default (keys stored before stay), else it. */
    public static String keySuffix(String mode) {
        return mode == null || DEFAULT.equals(mode) ? "" : "\u001f" + mode;
    }
}
