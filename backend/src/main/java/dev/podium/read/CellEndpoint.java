package dev.podium.read;

import jakarta.inject.Inject;

/**
 * What a read endpoint over cells is built on: the cell queries it reads with, and the answers that render, cache and
 * send what it computes from them (JSON, or JSON and CSV for a table).
 */
public abstract class CellEndpoint {

    @Inject
    protected CellQueries queries;

    @Inject
    protected Answers answers;
}
