package dev.podium.changes;

import dev.podium.read.CellFilter;
import dev.podium.read.QueryParams;
import dev.podium.replica.ReplicaRead;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.StringWriter;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** GET /api/changes.atom: the change points of a filter as an Atom 1.0 feed (RFC 4287), for feed readers. */
@Path("/api/changes.atom")
@Tag(name = "changes")
@RequiredArgsConstructor
public class ChangesFeedResource {

    static final String ATOM = "http://www.w3.org/2005/Atom";
    static final String MEDIA_TYPE = "application/atom+xml";

    private final ChangeQueries queries;

    @GET
    @ReplicaRead
    @Produces(MEDIA_TYPE)
    @Operation(
            summary = "Change points as an Atom feed",
            description = "The filters of GET /api/changes, newest first.")
    // change points have no JVM (a series spans JVM updates: "changed" names them) and no classification
    @Parameter(name = "jvmVendor", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "jvmMajor", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "classification", in = ParameterIn.QUERY, hidden = true)
    public Response feed(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @BeanParam CellFilter series,
            @BeanParam ChangeParams filters) {
        QueryParams q = QueryParams.of(uri, endpoint);
        List<ChangeView> changes = queries.list(ChangeQueries.Filter.of(series, filters));
        String self = uri.getRequestUri().toString();
        String base = uri.getBaseUri().toString().replaceAll("/$", "");
        try {
            StringWriter out = new StringWriter();
            XMLStreamWriter x = XMLOutputFactory.newInstance().createXMLStreamWriter(out);
            x.writeStartDocument("UTF-8", "1.0");
            x.writeStartElement("feed");
            x.writeDefaultNamespace(ATOM);
            text(x, "id", "urn:podium:changes:" + q.normalised().hashCode() + ":" + self.hashCode());
            text(x, "title", "Podium change points" + (q.normalised().equals("{}") ? "" : " " + q.normalised()));
            OffsetDateTime updated = changes.stream()
                    .map(ChangeView::detectedAt)
                    .max(OffsetDateTime::compareTo)
                    .orElse(OffsetDateTime.parse("2026-01-01T00:00:00Z"));
            text(x, "updated", time(updated));
            x.writeStartElement("author");
            text(x, "name", "Podium");
            x.writeEndElement();
            link(x, "self", self);
            for (ChangeView c : changes) {
                x.writeStartElement("entry");
                text(x, "id", "urn:podium:change:" + c.id());
                text(x, "title", c.summary());
                text(x, "updated", time(c.detectedAt()));
                text(x, "published", time(c.at()));
                link(x, "alternate", base + "/api/runs/" + c.runAfter());
                text(
                        x,
                        "summary",
                        c.summary()
                                + String.format(
                                        java.util.Locale.ROOT,
                                        "; mean %.1f [%.1f, %.1f] over %d runs -> %.1f [%.1f, %.1f] over %d runs;"
                                                + " run-to-run sd %s -> %s",
                                        c.before().mean(),
                                        c.before().ciLow(),
                                        c.before().ciHigh(),
                                        c.runsBefore(),
                                        c.after().mean(),
                                        c.after().ciLow(),
                                        c.after().ciHigh(),
                                        c.runsAfter(),
                                        sd(c.before().spread()),
                                        sd(c.after().spread()))
                                + (c.changed().isEmpty()
                                        ? ""
                                        : "; changed: "
                                                + c.changed().entrySet().stream()
                                                        .map(e -> e.getKey() + " "
                                                                + e.getValue().before() + " -> "
                                                                + e.getValue().after())
                                                        .reduce((a, b) -> a + ", " + b)
                                                        .orElse("")));
                x.writeEndElement();
            }
            x.writeEndElement();
            x.writeEndDocument();
            x.close();
            return Response.ok(out.toString(), MEDIA_TYPE + ";charset=UTF-8").build();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("write the Atom feed", e);
        }
    }

    private static void text(XMLStreamWriter x, String name, String value) throws XMLStreamException {
        x.writeStartElement(name);
        x.writeCharacters(value);
        x.writeEndElement();
    }

    private static void link(XMLStreamWriter x, String rel, String href) throws XMLStreamException {
        x.writeEmptyElement("link");
        x.writeAttribute("rel", rel);
        x.writeAttribute("href", href);
    }

    private static String sd(Double spread) {
        return spread == null ? "-" : String.format(java.util.Locale.ROOT, "%.1f", spread);
    }

    private static String time(OffsetDateTime t) {
        return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(t.withOffsetSameInstant(ZoneOffset.UTC));
    }
}
