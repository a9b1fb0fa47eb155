// A framework's slug, the same rule as the service's (dev.podium.framework.Slugs): its page is /frameworks/<slug>.

/** "Spring MVC" -> "spring-mvc", "Vert.x Web" -> "vertx-web": lower case, dots and apostrophes dropped, other runs one dash. */
export function frameworkSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/['.’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** The site path of a framework's page. */
export function frameworkPath(name: string): string {
  return `/frameworks/${frameworkSlug(name)}`
}
