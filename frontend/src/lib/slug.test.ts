import { describe, expect, test } from 'vitest'
import { frameworkPath, frameworkSlug } from './slug'

describe('frameworkSlug', () => {
  test('matches the service (SlugsTest uses the same names)', () => {
    expect(frameworkSlug('Spring MVC')).toBe('spring-mvc')
    expect(frameworkSlug('JDK HttpServer')).toBe('jdk-httpserver')
    expect(frameworkSlug('Vert.x Web')).toBe('vertx-web')
    expect(frameworkSlug('Apache Pekko HTTP')).toBe('apache-pekko-http')
    expect(frameworkSlug('Ktor, "CIO"; engine')).toBe('ktor-cio-engine')
    expect(frameworkSlug('  Helidon SE 4 ')).toBe('helidon-se-4')
  })
  test('a name of only symbols still gives a path', () => {
    expect(frameworkPath('<img src=x onerror=alert(1)>')).toBe('/frameworks/img-src-x-onerror-alert-1')
  })
})
