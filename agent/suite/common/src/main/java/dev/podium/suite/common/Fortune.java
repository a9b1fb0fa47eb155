package dev.podium.suite.common;

/** A row of fortune. */
public record Fortune(int id, String message) {}
