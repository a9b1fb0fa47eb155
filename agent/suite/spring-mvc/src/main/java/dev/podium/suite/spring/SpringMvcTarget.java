package dev.podium.suite.spring;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

/**
 * The suite's scenarios as a Spring MVC controller. Platform threads by default; the spring-mvc-vt target starts it
 * with Spring Boot's documented switch --spring.threads.virtual.enabled=true.
 */
@SpringBootApplication
@RestController
public class SpringMvcTarget {
    static final String HELLO = "Hello, World!";

    record Message(String message) {}

    private final RestClient reference;

    SpringMvcTarget(RestClient.Builder builder, @Value("${podium.reference-url}") String referenceUrl) {
        this.reference = builder.baseUrl(referenceUrl).build();
    }

    public static void main(String[] args) {
        SpringApplication.run(SpringMvcTarget.class, args);
    }

    @GetMapping(path = "/plaintext", produces = MediaType.TEXT_PLAIN_VALUE)
    String plaintext() {
        return HELLO;
    }

    @GetMapping(path = "/json", produces = MediaType.APPLICATION_JSON_VALUE)
    Message json() {
        return new Message(HELLO);
    }

    @GetMapping(path = "/proxy", produces = MediaType.APPLICATION_JSON_VALUE)
    String proxy() {
        return reference.get().retrieve().body(String.class);
    }

    @GetMapping(path = "/delay", produces = MediaType.TEXT_PLAIN_VALUE)
    String delay(@RequestParam long ms) throws InterruptedException {
        Thread.sleep(ms);
        return HELLO;
    }
}
