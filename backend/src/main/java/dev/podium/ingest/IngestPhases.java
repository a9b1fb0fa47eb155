package dev.podium.ingest;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import lombok.RequiredArgsConstructor;

/** Time spent in each phase of the ingests that reach it, as podium_ingest_phase_seconds{phase} at /q/metrics. */
@ApplicationScoped
@RequiredArgsConstructor
public class IngestPhases {

    private final MeterRegistry registry;
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();

    /** Records the time since startNanos under the phase and returns now, the start of the next phase. */
    public long record(String phase, long startNanos) {
        long now = System.nanoTime();
        timers.computeIfAbsent(
                        phase,
                        p -> Timer.builder("podium.ingest.phase")
                                .description("time spent in one phase of an ingest")
                                .tag("phase", p)
                                .register(registry))
                .record(now - startNanos, TimeUnit.NANOSECONDS);
        return now;
    }
}
