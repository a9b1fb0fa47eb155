package dev.podium.webhook;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;

/** Webhook delivery settings (podium.webhooks.* = PODIUM_WEBHOOKS_*). */
@ConfigMapping(prefix = "podium.webhooks")
public interface WebhooksConfig {

    /**
     * The waits before each retry of a delivery (the first attempt is at once); once the last retry has failed the
     * delivery is given up ("failed"; an admin can redeliver it). The default is the Standard Webhooks reference
     * schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, about 27.6 hours in all.
     */
    @WithDefault("5s,5m,30m,2h,5h,10h,10h")
    List<Duration> retrySchedule();

    /** Whether this replica sends deliveries (any replica may: each due delivery is claimed by one). */
    @WithDefault("true")
    boolean delivery();

    /** How often this replica looks for due deliveries (one queued here is sent at once). */
    @WithDefault("1s")
    Duration pollInterval();

    /**
     * How long a claimed delivery is this replica's; one claimed by a replica that died is taken by another after it.
     * Longer than one attempt (5 s to connect, 10 s for the answer).
     */
    @WithDefault("60s")
    Duration lease();

    /** Deliveries this replica sends at once. */
    @WithDefault("4")
    int senders();
}
