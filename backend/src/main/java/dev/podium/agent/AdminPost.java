package dev.podium.agent;

import dev.podium.input.ContentTypes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.core.HttpHeaders;

/**
 * The headers of an admin's JSON post (an enrolment, a snapshot), bound with {@code @BeanParam}: the bearer token,
 * checked first, and the content type of the body.
 */
public class AdminPost {

    @HeaderParam(HttpHeaders.AUTHORIZATION)
    public String authorization;

    @HeaderParam(HttpHeaders.CONTENT_TYPE)
    public String contentType;

    /** {@code body}, once the token is the admin's (401, 403 otherwise) and the body is declared JSON (415). */
    public byte[] checked(AdminGuard admin, byte[] body) {
        admin.check(authorization);
        ContentTypes.requireJson(contentType);
        return body;
    }
}
