package dev.podium.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** The races of the concurrency tests: copies of one call started at the same instant. */
public final class AtOnce {

    private AtOnce() {}

    /**
     * Runs copies of call on as many threads, released together by one latch once each is ready (or after 10 s): their
     * answers in the order the copies were started, each awaited at most 60 s.
     */
    public static <T> List<T> race(int copies, Callable<T> call) {
        ExecutorService threads = Executors.newFixedThreadPool(copies);
        try {
            CountDownLatch ready = new CountDownLatch(copies);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<T>> pending = new ArrayList<>();
            for (int i = 0; i < copies; i++) {
                pending.add(threads.submit(() -> {
                    ready.countDown();
                    go.await();
                    return call.call();
                }));
            }
            ready.await(10, TimeUnit.SECONDS);
            go.countDown();
            List<T> answers = new ArrayList<>();
            for (Future<T> answer : pending) {
                answers.add(answer.get(60, TimeUnit.SECONDS));
            }
            return answers;
        } catch (Exception e) {
            throw new IllegalStateException("a racing call did not finish", e);
        } finally {
            threads.shutdownNow();
        }
    }
}
