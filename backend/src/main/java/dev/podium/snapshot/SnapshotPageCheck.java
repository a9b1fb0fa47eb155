package dev.podium.snapshot;

import dev.podium.common.RoutePageCheck;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;

/** /snapshots/:slug of a snapshot never frozen answers 404, as GET /api/snapshots/{slug} does. */
@ApplicationScoped
@RequiredArgsConstructor
public class SnapshotPageCheck extends RoutePageCheck {

    private final DataSource dataSource;

    @Override
    protected String route() {
        return "snapshot";
    }

    @Override
    protected boolean found(Map<String, String> params) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("select 1 from snapshots where slug = ?")) {
            s.setString(1, params.get("slug"));
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        }
    }
}
