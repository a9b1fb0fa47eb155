package dev.podium.suite.micronaut;

import io.micronaut.runtime.Micronaut;

/** Starts the Micronaut application whose controller answers the suite's scenarios. */
public final class MicronautTarget {
    public static void main(String[] args) {
        Micronaut.run(MicronautTarget.class, args);
    }
}
