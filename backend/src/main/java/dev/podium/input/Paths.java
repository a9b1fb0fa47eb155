package dev.podium.input;

import java.util.ArrayDeque;

/** A field's name from a stack of keys and indexes: {@code results[0].repeats[2].latencyMs.p90}. */
public final class Paths {

    private Paths() {}

    public static String of(ArrayDeque<Object> path) {
        StringBuilder field = new StringBuilder();
        for (Object segment : path) {
            if (segment instanceof Integer index) {
                field.append('[').append(index).append(']');
            } else {
                field.append(field.isEmpty() ? "" : ".").append(segment);
            }
        }
        return field.toString();
    }
}
