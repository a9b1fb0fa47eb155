package dev.podium.suite.spring;

import dev.podium.suite.common.HttpDate;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/** The suite's scenarios as an annotated Spring WebFlux controller on Reactor Netty; nothing here blocks an event loop. */
@SpringBootApplication
@RestController
public class SpringWebFluxTarget {
    static final String HELLO = "Hello, World!";

    record Message(String message) {}

    private final WebClient reference;

    SpringWebFluxTarget(WebClient.Builder builder, @Value("${podium.reference-url}") String referenceUrl) {
        // The suite's one client setting for bounded pools: 64 connections to the reference service, and no cap on
        // the requests waiting for one (Reactor Netty's default pool is 2 x max(cores, 8) with a 2 x pool wait queue).
        ConnectionProvider pool = ConnectionProvider.builder("reference")
                .maxConnections(64)
                .pendingAcquireMaxCount(-1)
                .build();
        this.reference = builder.baseUrl(referenceUrl)
                .clientConnector(new ReactorClientHttpConnector(HttpClient.create(pool)))
                .build();
    }

    public static void main(String[] args) {
        SpringApplication.run(SpringWebFluxTarget.class, args);
    }

    /** Reactor Netty sends no Date header; a WebFilter (WebFlux's documented interception point) adds it. */
    @Bean
    WebFilter date() {
        return (exchange, chain) -> {
            exchange.getResponse().getHeaders().set(HttpHeaders.DATE, HttpDate.now());
            return chain.filter(exchange);
        };
    }

    @GetMapping(path = "/plaintext", produces = MediaType.TEXT_PLAIN_VALUE)
    Mono<String> plaintext() {
        return Mono.just(HELLO);
    }

    @GetMapping(path = "/json", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<Message> json() {
        return Mono.just(new Message(HELLO));
    }

    @GetMapping(path = "/proxy", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<String> proxy() {
        return reference.get().retrieve().bodyToMono(String.class);
    }

    @GetMapping(path = "/delay", produces = MediaType.TEXT_PLAIN_VALUE)
    Mono<String> delay(@RequestParam long ms) {
        return Mono.just(HELLO).delayElement(Duration.ofMillis(ms));
    }
}
