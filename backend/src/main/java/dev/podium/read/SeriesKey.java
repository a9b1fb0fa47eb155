package dev.podium.read;

import dev.podium.jvmmode.JvmMode;
import dev.podium.topology.Topology;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

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
                c.cell().vcpus(),
                c.cell().framework(),
                c.cell().ioModel(),
                c.cell().scenario(),
                c.cell().loadModel(),
                c.cell().connections(),
                c.cell().targetRate(),
                c.cell().topology(),
                c.cell().jvmMode());
    }

    /**
     * A series' columns, named as cells and runs name them and as change points store them: {@link #of(ResultSet)}
     * reads a row that begins with them, {@link #values()} binds a series to them.
     */
    public static final String COLUMNS =
            "host_class, vcpus, framework, io_model, scenario, load_model, connections, target_rate, topology, jvm_mode";

    /** The series of a row whose first columns are {@link #COLUMNS}, in that order. */
    public static SeriesKey of(ResultSet rs) throws SQLException {
        return new SeriesKey(
                rs.getString(1),
                rs.getInt(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getString(6),
                rs.getInt(7),
                rs.getObject(8, Double.class),
                rs.getString(9),
                rs.getString(10));
    }

    /**
     * This series' values in the order of {@link #COLUMNS}, to bind one '?' each (a null target rate too: closed
     * loop); the topology and JVM mode as they are stored (single, default when not given).
     */
    public List<Object> values() {
        return Arrays.asList(
                hostClass,
                vcpus,
                framework,
                ioModel,
                scenario,
                loadModel,
                connections,
                targetRate,
                Topology.of(topology),
                JvmMode.of(jvmMode));
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
