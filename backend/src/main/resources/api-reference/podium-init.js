// Swagger UI over the service's own OpenAPI document: no URL box (no other document can be loaded), no "Try it out",
// and no inline script, so the service's Content-Security-Policy (script-src 'self') stays as it is.
window.addEventListener('load', function () {
  SwaggerUIBundle({
    url: '/q/openapi?format=json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    supportedSubmitMethods: [],
    queryConfigEnabled: false,
  })
})
