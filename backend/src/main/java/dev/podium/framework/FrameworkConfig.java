package dev.podium.framework;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Framework page settings (podium.framework.* = PODIUM_FRAMEWORK_*). */
@ConfigMapping(prefix = "podium.framework")
public interface FrameworkConfig {

    /** The repository holding agent/suite: a target's source link is {repositoryUrl}/tree/{suite commit}/agent/suite/{module}. */
    @WithDefault("https://github.com/podium-bench/podium")
    String repositoryUrl();
}
