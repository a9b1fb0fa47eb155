package dev.podium.replica;

import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import lombok.RequiredArgsConstructor;

/** Runs a {@link ReplicaRead} method as one read of {@link Replica}: a failure on the replica runs it again on the primary. */
@ReplicaRead
@Interceptor
@Priority(Interceptor.Priority.APPLICATION)
@RequiredArgsConstructor
public class ReplicaReadInterceptor {

    private final Replica replica;

    @AroundInvoke
    Object read(InvocationContext invocation) throws Exception {
        return replica.call(invocation::proceed);
    }
}
