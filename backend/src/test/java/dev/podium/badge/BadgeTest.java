package dev.podium.badge;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.SeededOnceTest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** Badges as README images and as shields.io endpoint JSON, against the leaderboard of the same runs. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class BadgeTest extends SeededOnceTest {

    static final String R1 = "00000000-0000-4000-8000-0000000002b1";
    /** shields.io's endpoint schema: these keys only, schemaVersion 1, label and message strings (message required). */
    static final Set<String> SHIELDS_KEYS = Set.of(
            "schemaVersion",
            "label",
            "message",
            "color",
            "labelColor",
            "isError",
            "namedLogo",
            "logoSvg",
            "logoColor",
            "logoWidth",
            "style",
            "cacheSeconds");

    static final Set<String> SHIELDS_COLORS = Set.of(
            "brightgreen",
            "green",
            "yellowgreen",
            "yellow",
            "orange",
            "red",
            "blue",
            "lightgrey",
            "success",
            "important",
            "critical",
            "informational",
            "inactive");

    BadgeTest() {
        // plaintext: Netty 100k, Spring MVC 50.5k (trimmed mean of 50000, 50500, 51000), Jetty 20.1k
        super(
                1,
                R1,
                () -> SignedRuns.run(R1, "2026-11-01T08:00:00Z")
                        .netty(64, 100000, 102000, 98000)
                        .springMvc(64, 10, 50000, 52000, 49000, 51000, 50500)
                        .jetty(20000, 20300, 20100)
                        .store());
    }

    @BeforeEach
    void readNumbersAsDoubles() {
        Api.readNumbersAsDoubles();
    }

    @Test
    void the_svg_is_xml_with_the_leaderboards_rank_and_figure() throws Exception {
        JsonPath board = Api.json("/api/leaderboard?scenario=plaintext");
        assertEquals(List.of("Netty", "Spring MVC", "Jetty"), board.getList("rows.framework"));
        double value = board.getDouble("rows[1].slaThroughput");
        double down = value - board.getDouble("rows[1].ciLow");
        double up = board.getDouble("rows[1].ciHigh") - value;
        // 50500 req/s with its interval on the log scale: "rank 2 of 3 · 50.5k -2.7%/+2.8%", the rank range of the
        // comparison engine (Netty's 100k and Jetty's 20k are told apart from it)
        String expected = String.format(
                java.util.Locale.ROOT,
                "rank %d of 3 · %.1fk req/s -%.1f%%/+%.1f%% (one start) →",
                board.getInt("rows[1].rank"),
                value / 1000,
                down / value * 100,
                up / value * 100);
        assertEquals(2, board.getInt("rows[1].rankHigh"));
        assertEquals(1, board.getInt("rows[1].forks"));
        assertEquals("rank 2 of 3 · 50.5k req/s -2.7%/+2.8% (one start) →", expected);

        Response r = given().get("/api/badges/spring-mvc/plaintext.svg");
        r.then().statusCode(200).contentType(startsWith("image/svg+xml"));
        Document svg = xml(r.asByteArray());
        assertEquals("svg", svg.getDocumentElement().getLocalName());
        assertEquals("http://www.w3.org/2000/svg", svg.getDocumentElement().getNamespaceURI());
        assertEquals(List.of("Spring MVC plaintext", expected), texts(svg));
        // the title says in words what the interval spans (the badge has room only for "(one start)")
        String title = "Spring MVC plaintext: " + expected
                + ". -2.7%/+2.8% is its 95% interval over the repeats of one JVM start: the noise between starts is not in"
                + " it";
        assertEquals(title, svg.getElementsByTagName("title").item(0).getTextContent());
        assertEquals(title, svg.getDocumentElement().getAttribute("aria-label"));
        // the same badge by the name in another case
        assertEquals(
                List.of("Spring MVC plaintext", expected),
                texts(xml(
                        Api.ok("/api/badges/SPRING MVC/plaintext.svg").extract().asByteArray())));
    }

    @Test
    void the_json_is_a_shields_endpoint_answer_with_cache_headers_and_etag() throws Exception {
        Response r = given().get("/api/badges/netty/plaintext.json");
        r.then().statusCode(200).contentType(startsWith("application/json"));
        @SuppressWarnings("unchecked")
        Map<String, Object> badge = new ObjectMapper().readValue(r.asByteArray(), Map.class);
        assertTrue(SHIELDS_KEYS.containsAll(badge.keySet()), badge.toString());
        assertEquals(1, badge.get("schemaVersion"));
        assertEquals("Netty plaintext", badge.get("label"));
        assertEquals(
                "rank 1 of 3 · 100k req/s -4.8%/+5.1% (one start) →",
                badge.get("message")); // t interval half-width 4968.4 / 100000, on the log scale
        assertTrue(SHIELDS_COLORS.contains((String) badge.get("color")), badge.toString());
        assertEquals("brightgreen", badge.get("color"));

        String etag = r.header("ETag");
        assertNotNull(etag);
        assertTrue(r.header("Cache-Control").contains("max-age="), r.header("Cache-Control"));
        given().header("If-None-Match", etag)
                .get("/api/badges/netty/plaintext.json")
                .then()
                .statusCode(304)
                .header("ETag", etag);
        String svgTag = Api.ok("/api/badges/netty/plaintext.svg").extract().header("ETag");
        assertTrue(!svgTag.equals(etag), "the SVG and the JSON are different representations");
    }

    @Test
    void unknown_framework_or_scenario_says_so_in_the_svg_and_is_a_404_problem_in_json() throws Exception {
        Response svg = given().get("/api/badges/tomcat/plaintext.svg");
        svg.then().statusCode(404).contentType(startsWith("image/svg+xml"));
        assertEquals(List.of("podium", "unknown framework tomcat"), texts(xml(svg.asByteArray())));
        assertEquals(List.of("Netty", "unknown scenario colour"), notFoundTexts("/api/badges/netty/colour.svg"));
        assertEquals(List.of("Netty json", "not measured"), notFoundTexts("/api/badges/netty/json.svg"));

        given().get("/api/badges/tomcat/plaintext.json").then().spec(Api.problem(404, "slug"));
        given().get("/api/badges/netty/colour.json").then().spec(Api.problem(404, "scenario"));
        given().get("/api/badges/netty/json.json").then().spec(Api.problem(404, "scenario"));
        given().get("/api/badges/netty/plaintext.png").then().spec(Api.problem(404, "scenario"));
    }

    /** The texts of the SVG badge at path, asserting it answers 404. */
    private static List<String> notFoundTexts(String path) throws Exception {
        return texts(xml(given().get(path).then().statusCode(404).extract().asByteArray()));
    }

    private static Document xml(byte[] body) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(body));
    }

    private static List<String> texts(Document svg) {
        NodeList nodes = svg.getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add(nodes.item(i).getTextContent());
        }
        return out;
    }
}
