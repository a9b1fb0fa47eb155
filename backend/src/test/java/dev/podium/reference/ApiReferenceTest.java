package dev.podium.reference;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.security.SecurityHeadersRoute;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The footer's "Read API reference": Swagger UI that runs under the service's own Content-Security-Policy. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ApiReferenceTest {

    @Test
    void the_reference_page_has_no_inline_script_and_keeps_the_services_csp() {
        String html = Api.ok("/q/swagger-ui")
                .contentType(startsWith("text/html"))
                .header("Content-Security-Policy", equalTo(SecurityHeadersRoute.CONTENT_SECURITY_POLICY))
                .extract()
                .asString();
        Matcher scripts =
                Pattern.compile("<script([^>]*)>(.*?)</script>", Pattern.DOTALL).matcher(html);
        List<String> sources = new ArrayList<>();
        while (scripts.find()) {
            assertTrue(
                    scripts.group(2).isBlank(), "an inline script, which script-src 'self' blocks: " + scripts.group());
            Matcher src = Pattern.compile("src=\"([^\"]+)\"").matcher(scripts.group(1));
            assertTrue(src.find(), scripts.group());
            sources.add(src.group(1));
        }
        assertEquals(List.of("/q/swagger-ui/swagger-ui-bundle.js", "/q/swagger-ui/podium-init.js"), sources);
        assertFalse(html.contains(" on"), "no inline event handler");
        for (String src : sources) {
            Api.ok(src).contentType(containsString("javascript"));
        }
        Api.ok("/q/swagger-ui/swagger-ui.css");
        Api.ok("/q/swagger-ui/").body(containsString("podium-init.js"));
    }

    @Test
    void the_document_it_reads_is_the_services_openapi_as_json() {
        String init = Api.ok("/q/swagger-ui/podium-init.js").extract().asString();
        assertTrue(init.contains("url: '/q/openapi?format=json'"), init);
        assertTrue(init.contains("supportedSubmitMethods: []"), init);
        Api.ok("/q/openapi?format=json")
                .contentType(startsWith("application/json"))
                .body("info.title", equalTo("Podium results API"));
    }
}
