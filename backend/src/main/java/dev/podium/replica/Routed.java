package dev.podium.replica;

import jakarta.inject.Qualifier;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The DataSource of code that serves reads: inside a {@link Replica#read} routed to the replica its connections are the
 * replica's, everywhere else (writes, transactions, background work) the primary's, exactly as the default DataSource.
 */
@Qualifier
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD, ElementType.TYPE})
public @interface Routed {}
