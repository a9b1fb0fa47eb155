package dev.podium.suite.dropwizard;

import io.dropwizard.client.JerseyClientBuilder;
import io.dropwizard.configuration.EnvironmentVariableSubstitutor;
import io.dropwizard.configuration.ResourceConfigurationSourceProvider;
import io.dropwizard.configuration.SubstitutingSourceProvider;
import io.dropwizard.core.Application;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import jakarta.ws.rs.client.Client;

/** The Dropwizard application; started as `java -jar podium-dropwizard.jar server podium.yml` (podium.yml is on the class path). */
public class DropwizardTarget extends Application<TargetConfiguration> {
    public static void main(String[] args) throws Exception {
        new DropwizardTarget().run(args.length > 0 ? args : new String[] {"server", "podium.yml"});
    }

    @Override
    public String getName() {
        return "podium-dropwizard";
    }

    @Override
    public void initialize(Bootstrap<TargetConfiguration> bootstrap) {
        bootstrap.setConfigurationSourceProvider(new SubstitutingSourceProvider(
                new ResourceConfigurationSourceProvider(), new EnvironmentVariableSubstitutor(false)));
    }

    @Override
    public void run(TargetConfiguration configuration, Environment environment) {
        Client client = new JerseyClientBuilder(environment)
                .using(configuration.jerseyClient)
                .build("reference");
        environment.jersey().register(new ScenarioResource(client, configuration.referenceUrl));
    }
}
