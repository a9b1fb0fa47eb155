package dev.podium.openapi;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.util.ArrayList;
import java.util.List;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.AnnotationValue;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;
import org.jboss.jandex.MethodInfo;

/**
 * An endpoint's word on the query filters it takes from a {@code @BeanParam} class (read's CellFilter), written as a
 * method-level {@code @Parameter(name = ..., in = QUERY, ...)}: {@code hidden = true} leaves the filter out (the
 * endpoint refuses it too, see read's {@code QueryParams.of}; a query parameter of the method's own of that name stays, as
 * its own), otherwise its required, description and example replace the class's for that endpoint. SmallRye OpenAPI does not apply method-level parameters to a bean's fields; this filter
 * does, when the document is built (so schema/openapi.json, and the site's types, carry it).
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
@RequiredArgsConstructor
public class EndpointParameters implements OASFilter {

    private static final DotName PARAMETER =
            DotName.createSimple(org.eclipse.microprofile.openapi.annotations.parameters.Parameter.class);
    private static final DotName PARAMETERS =
            DotName.createSimple(org.eclipse.microprofile.openapi.annotations.parameters.Parameters.class);
    private static final DotName PATH = DotName.createSimple(jakarta.ws.rs.Path.class);
    private static final DotName GET = DotName.createSimple(jakarta.ws.rs.GET.class);
    private static final DotName QUERY_PARAM = DotName.createSimple(jakarta.ws.rs.QueryParam.class);

    private final IndexView index;

    @Override
    public void filterOpenAPI(OpenAPI api) {
        for (AnnotationInstance a : methodParameters()) {
            MethodInfo method = a.target().asMethod();
            PathItem item = api.getPaths() == null ? null : api.getPaths().getPathItem(path(method));
            Operation get = item == null || !method.hasDeclaredAnnotation(GET) ? null : item.getGET();
            if (get == null || get.getParameters() == null) {
                continue;
            }
            String name = a.value("name").asString();
            for (Parameter p : List.copyOf(get.getParameters())) {
                if (!name.equals(p.getName()) || p.getIn() != Parameter.In.QUERY) {
                    continue;
                }
                if (a.value("hidden") != null && a.value("hidden").asBoolean()) {
                    AnnotationInstance own = ownParameter(method, name);
                    if (own == null) {
                        get.removeParameter(p);
                        continue;
                    }
                    // the method's own parameter of that name (merged with the filter's): described as its own
                    a = own;
                    p.setDescription(null);
                    p.setExample(null);
                }
                AnnotationValue required = a.value("required");
                AnnotationValue description = a.value("description");
                AnnotationValue example = a.value("example");
                if (required != null) {
                    p.setRequired(required.asBoolean());
                }
                if (description != null) {
                    p.setDescription(description.asString());
                }
                if (example != null) {
                    p.setExample(example.asString());
                }
            }
        }
    }

    /** The @Parameter annotations on resource methods (unwrapped from @Parameters), in the index's order. */
    private List<AnnotationInstance> methodParameters() {
        List<AnnotationInstance> all = new ArrayList<>(index.getAnnotations(PARAMETER));
        for (AnnotationInstance container : index.getAnnotations(PARAMETERS)) {
            for (AnnotationInstance nested : container.value().asNestedArray()) {
                all.add(AnnotationInstance.create(nested.name(), container.target(), nested.values()));
            }
        }
        return all.stream()
                .filter(a -> a.target() != null && a.target().kind() == AnnotationTarget.Kind.METHOD)
                .filter(a -> a.value("name") != null)
                .toList();
    }

    /**
     * The @Parameter of the method's own query parameter {@code name} (an empty one when it has none), or null when
     * the method has no query parameter of that name.
     */
    private static AnnotationInstance ownParameter(MethodInfo method, String name) {
        for (int i = 0; i < method.parametersCount(); i++) {
            AnnotationInstance query = null;
            AnnotationInstance described = null;
            for (AnnotationInstance a : method.parameters().get(i).declaredAnnotations()) {
                if (a.name().equals(QUERY_PARAM)) {
                    query = a;
                } else if (a.name().equals(PARAMETER)) {
                    described = a;
                }
            }
            if (query != null && name.equals(query.value().asString())) {
                return described != null
                        ? described
                        : AnnotationInstance.create(
                                PARAMETER, method.parameters().get(i), List.of());
            }
        }
        return null;
    }

    private static String path(MethodInfo method) {
        AnnotationInstance onClass = method.declaringClass().declaredAnnotation(PATH);
        AnnotationInstance onMethod = method.declaredAnnotation(PATH);
        String path = (onClass == null ? "" : onClass.value().asString())
                + (onMethod == null ? "" : "/" + onMethod.value().asString());
        return path.replaceAll("/+", "/");
    }
}
