package dev.podium.suite.common;

/** A row of world; Jackson and the frameworks' serialisers write it as {"id":N,"randomNumber":N}. */
public record World(int id, int randomNumber) {}
