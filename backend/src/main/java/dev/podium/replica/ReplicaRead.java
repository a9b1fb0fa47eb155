package dev.podium.replica;

import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A read that the replica may answer: the method runs as {@link Replica#read} (on the replica while it is usable, on
 * the primary otherwise or when the replica fails it). Only for methods that write nothing and are not the read half of
 * a write: GET endpoints, and what only they call (the badges).
 */
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface ReplicaRead {}
