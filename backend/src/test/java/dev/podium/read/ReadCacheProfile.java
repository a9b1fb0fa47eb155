package dev.podium.read;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** The read cache as the cache tests run it: the runs stamp re-read at most once a second, background refresh on or off. */
public abstract class ReadCacheProfile implements QuarkusTestProfile {

    private final boolean refresh;

    ReadCacheProfile(boolean refresh) {
        this.refresh = refresh;
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("podium.read-cache.refresh", String.valueOf(refresh), "podium.read-cache.check-interval", "1s");
    }

    /** As the service runs by default: a board asked for is rendered again in the background when a run lands. */
    public static class AsInProduction extends ReadCacheProfile {
        public AsInProduction() {
            super(true);
        }
    }

    /** PODIUM_READ_CACHE_REFRESH=false: only requests re-read the stamp. */
    public static class RefreshOff extends ReadCacheProfile {
        public RefreshOff() {
            super(false);
        }
    }
}
