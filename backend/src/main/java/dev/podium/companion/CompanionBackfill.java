package dev.podium.companion;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.common.StartupBackfill;
import dev.podium.envelope.StoredEnvelope;
import dev.podium.input.DsseEnvelope;
import dev.podium.payload.CellPayload;
import dev.podium.payload.CompanionServer;
import dev.podium.payload.DatabaseClient;
import dev.podium.payload.RepeatPayload;
import dev.podium.payload.RunPayload;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;
import org.jboss.logging.Logger;

/**
 * Fills, once, the companion columns of the v2 runs stored before V16__companion_figures.sql from their stored
 * envelope, read with the same code as ingest (the payload's records, {@link RunPayload#bind}, and
 * {@link CpuSeconds#ofRepeats}). A start-up task like stats/IntervalBackfill: each run is one transaction that also
 * deletes its companion_backfill row, so a restart resumes where a stopped one left off and does nothing once all are done.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class CompanionBackfill {

    private static final Logger LOG = Logger.getLogger(CompanionBackfill.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BATCH = 100;
    private static final String NEXT =
            "select b.run_id, r.envelope, r.envelope_deflated from companion_backfill b join runs r on r.id = b.run_id"
                    + " order by b.run_id limit ?";
    private static final String RUN = "update runs set database_server = ?, database_version = ?, database_cpus = ?,"
            + " database_settings = ?::jsonb, balancer_server = ?, balancer_version = ?, balancer_cpus = ?,"
            + " balancer_settings = ?::jsonb where id = ?";
    private static final String CELL = "update cells set db_client = ?, db_pool = ?, target_cpu_seconds = ?,"
            + " database_cpu_seconds = ?, balancer_cpu_seconds = ? where run_id = ? and ordinal = ?";
    private static final String REPEAT = "update repeats set database_cpu_user_seconds = ?,"
            + " database_cpu_system_seconds = ? where ordinal = ? and cell_id ="
            + " (select id from cells where run_id = ? and ordinal = ?)";
    private static final String DONE = "delete from companion_backfill where run_id = ?";

    private final DataSource dataSource;

    void onStart(@Observes StartupEvent event) {
        // on a failure the service still serves (those runs show no database/balancer figures yet)
        StartupBackfill.run(
                LOG,
                this::run,
                "filled the database and balancer columns of %d runs from their stored envelopes",
                "could not fill the database and balancer columns now, the next start will");
    }

    /** Fills every run still listed in companion_backfill; returns how many. */
    public int run() throws SQLException {
        return StartupBackfill.inBatches(dataSource, BATCH, CompanionBackfill::batch);
    }

    /** The next size runs listed, each filled in a transaction of its own. */
    private static int batch(Connection connection, int size) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            List<UUID> ids = new ArrayList<>();
            List<byte[]> envelopes = new ArrayList<>();
            try (PreparedStatement next = connection.prepareStatement(NEXT)) {
                next.setInt(1, size);
                try (ResultSet rs = next.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getObject(1, UUID.class));
                        envelopes.add(new StoredEnvelope(rs.getBytes(2), rs.getBytes(3)).bytes());
                    }
                }
            }
            connection.commit();
            for (int i = 0; i < ids.size(); i++) {
                fill(connection, ids.get(i), envelopes.get(i));
                connection.commit();
            }
            return ids.size();
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }

    private static void fill(Connection connection, UUID runId, byte[] envelope) throws SQLException {
        RunPayload p;
        try {
            p = RunPayload.bind(JSON.readTree(DsseEnvelope.parse(envelope).payload()));
        } catch (IOException e) {
            throw new IllegalStateException("the stored payload of run " + runId + " is not JSON", e);
        }
        try (PreparedStatement run = connection.prepareStatement(RUN)) {
            int i = server(run, 0, p.database());
            i = server(run, i, p.balancer());
            run.setObject(++i, runId);
            run.executeUpdate();
        }
        List<CellPayload> results = p.results();
        try (PreparedStatement cell = connection.prepareStatement(CELL);
                PreparedStatement repeat = connection.prepareStatement(REPEAT)) {
            for (int ordinal = 0; ordinal < results.size(); ordinal++) {
                CellPayload c = results.get(ordinal);
                DatabaseClient client = c.database();
                CpuSeconds cpu = CpuSeconds.ofRepeats(c.repeats());
                cell.setString(1, client == null ? null : client.client());
                cell.setObject(2, client == null ? null : client.pool(), Types.INTEGER);
                cell.setObject(3, cpu == null ? null : cpu.target(), Types.DOUBLE);
                cell.setObject(4, cpu == null ? null : cpu.database(), Types.DOUBLE);
                cell.setObject(5, cpu == null ? null : cpu.balancer(), Types.DOUBLE);
                cell.setObject(6, runId);
                cell.setInt(7, ordinal);
                cell.addBatch();
                List<RepeatPayload> repeats = c.repeats();
                for (int r = 0; r < repeats.size(); r++) {
                    RepeatPayload.Usage usage = repeats.get(r).usage();
                    Double user = usage == null ? null : usage.databaseCpuUserSeconds();
                    Double system = usage == null ? null : usage.databaseCpuSystemSeconds();
                    if (user == null && system == null) {
                        continue;
                    }
                    repeat.setObject(1, user, Types.DOUBLE);
                    repeat.setObject(2, system, Types.DOUBLE);
                    repeat.setInt(3, r);
                    repeat.setObject(4, runId);
                    repeat.setInt(5, ordinal);
                    repeat.addBatch();
                }
            }
            cell.executeBatch();
            repeat.executeBatch();
        }
        try (PreparedStatement done = connection.prepareStatement(DONE)) {
            done.setObject(1, runId);
            done.executeUpdate();
        }
    }

    /** Sets the four columns of one server from parameter i + 1 on; returns the last parameter index set. */
    private static int server(PreparedStatement s, int i, CompanionServer server) throws SQLException {
        s.setString(++i, server == null ? null : server.server());
        s.setString(++i, server == null ? null : server.version());
        s.setString(++i, server == null ? null : server.cpus());
        try {
            s.setString(++i, server == null ? null : JSON.writeValueAsString(server.settings()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return i;
    }
}
