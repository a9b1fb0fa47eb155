package dev.podium.read;

import java.util.Comparator;

/**
 * A framework target as a map key: framework, I/O model and topology (a scale-out target is its own row). The topology
 * is null where a target is taken across topologies: a framework's version and the frameworks list. Ordered by
 * framework, then I/O model, then topology (null first), as the sorted answers list their targets.
 */
public record TargetKey(String framework, String ioModel, String topology) implements Comparable<TargetKey> {

    private static final Comparator<TargetKey> ORDER = Comparator.comparing(TargetKey::framework)
            .thenComparing(TargetKey::ioModel)
            .thenComparing(TargetKey::topology, Comparator.nullsFirst(Comparator.naturalOrder()));

    /** The target across its topologies. */
    public static TargetKey of(String framework, String ioModel) {
        return new TargetKey(framework, ioModel, null);
    }

    @Override
    public int compareTo(TargetKey other) {
        return ORDER.compare(this, other);
    }
}
