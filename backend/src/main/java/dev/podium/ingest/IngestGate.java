package dev.podium.ingest;

import dev.podium.common.PodiumConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.Semaphore;

/** Bounds the ingests in flight (PODIUM_MAX_CONCURRENT_INGESTS); one more is told to come back (429). */
@ApplicationScoped
public class IngestGate {

    private final Semaphore permits;

    public IngestGate(PodiumConfig config) {
        this.permits = new Semaphore(Math.max(1, config.maxConcurrentIngests()));
    }

    public boolean tryEnter() {
        return permits.tryAcquire();
    }

    public void leave() {
        permits.release();
    }
}
