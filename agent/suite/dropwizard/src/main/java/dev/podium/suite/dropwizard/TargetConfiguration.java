package dev.podium.suite.dropwizard;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.client.JerseyClientConfiguration;
import io.dropwizard.core.Configuration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

/** The target's configuration: Dropwizard's own plus the reference URL and the Jersey client settings. */
public class TargetConfiguration extends Configuration {
    @NotNull
    @JsonProperty
    public String referenceUrl;

    @Valid
    @NotNull
    @JsonProperty("jerseyClient")
    public JerseyClientConfiguration jerseyClient = new JerseyClientConfiguration();
}
