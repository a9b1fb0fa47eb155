package dev.podium.read;

import java.util.Comparator;

/**
 * One series of figures: a target (framework, I/O model, topology, JVM mode) in one cell shape (scenario, load model,
 * connections, target rate) on one host class and vCPU count; the points of a series are its runs' cells. A field left
 * null is pooled over: {@link #anyHost()} matches two runs' cells on different hosts, {@link #anyConcurrency()} is a
 * target's history across its sweep.
 */
public record SeriesKey(
        String hostClass,
        Integer vcpus,
        String framework,
        String ioModel,
        String scenario,
        String loadModel,
        Integer connections,
        Double targetRate,
        String topology,
        String jvmMode) {

    /** The series a cell is a point of. */
    public static SeriesKey of(CellRow c) {
        return new SeriesKey(
                c.hostClass(),
                c.vcpus(),
                c.framework(),
                c.ioModel(),
                c.scenario(),
                c.loadModel(),
                c.connections(),
                c.targetRate(),
                c.topology(),
                c.jvmMode());
    }

    /** The same cell shape on any host class: how the cells of two runs are matched. */
    public SeriesKey anyHost() {
        return new SeriesKey(
                null, vcpus, framework, ioModel, scenario, loadModel, connections, targetRate, topology, jvmMode);
    }

    /** The target on its host class and vCPU count at every concurrency and target rate. */
    public SeriesKey anyConcurrency() {
        return new SeriesKey(hostClass, vcpus, framework, ioModel, scenario, loadModel, null, null, topology, jvmMode);
    }

    /**
     * Host class, then vCPUs as text, then framework, then I/O model: the order history has always listed its series
     * in (a text key sorted; "10" before "2").
     */
    public static final Comparator<SeriesKey> BY_HOST_TARGET = Comparator.comparing(SeriesKey::hostClass)
            .thenComparing(k -> String.valueOf(k.vcpus()))
            .thenComparing(SeriesKey::framework)
            .thenComparing(SeriesKey::ioModel);
}
