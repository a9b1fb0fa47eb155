package dev.podium.upgrade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.podium.common.EmbeddedDatabase;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * V23 makes a webhook's URL unique: a database holding one URL registered several times keeps the newest registration
 * (the secret an admin was shown last) and no other, and a URL with one webhook keeps it.
 */
class WebhookUrlUpgradeTest {

    @Test
    void a_url_registered_three_times_keeps_its_newest_webhook_and_a_fourth_is_refused() throws Exception {
        try (EmbeddedDatabase database =
                        EmbeddedDatabase.start(Files.createTempDirectory("podium-upgrade-webhooks-pg-"), 0, true);
                Connection db = DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
                Statement s = db.createStatement()) {
            Migrations.on(database).target("22").load().migrate();
            s.execute("insert into webhooks (url, secret) values ('http://a.example/hook', 'whsec_first'),"
                    + " ('http://b.example/hook', 'whsec_only'), ('http://a.example/hook', 'whsec_second'),"
                    + " ('http://a.example/hook', 'whsec_third')");
            s.execute("insert into webhook_deliveries (webhook_id, message_id, body) values (1, 'msg_1', '{}'),"
                    + " (4, 'msg_4', '{}')");

            Migrations.on(database).load().migrate();

            assertEquals(
                    List.of("2 http://b.example/hook whsec_only", "4 http://a.example/hook whsec_third"),
                    strings(s, "select id || ' ' || url || ' ' || secret from webhooks order by id"));
            assertEquals(
                    List.of("4 msg_4"), strings(s, "select webhook_id || ' ' || message_id from webhook_deliveries"));
            SQLException again = assertThrows(
                    SQLException.class,
                    () -> s.execute("insert into webhooks (url, secret) values ('http://a.example/hook', 'whsec_x')"));
            assertEquals("23505", again.getSQLState());
        }
    }

    private static List<String> strings(Statement s, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
