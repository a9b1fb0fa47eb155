// The suite's scenarios as Ktor routes on the Netty engine: every handler is a coroutine, nothing blocks a thread.
package dev.podium.suite.ktor

import com.fasterxml.jackson.databind.ObjectMapper
import io.ktor.client.HttpClient
import io.ktor.client.engine.cio.CIO
import io.ktor.client.request.get
import io.ktor.client.statement.readRawBytes
import io.ktor.http.ContentType
import io.ktor.http.HttpHeaders
import io.ktor.http.HttpStatusCode
import io.ktor.server.engine.embeddedServer
import io.ktor.server.application.install
import io.ktor.server.netty.Netty
import io.ktor.server.application.createApplicationPlugin
import io.ktor.server.response.header
import io.ktor.server.response.respondBytes
import io.ktor.server.response.respondText
import io.ktor.server.routing.get
import io.ktor.server.routing.routing
import kotlinx.coroutines.delay

const val HELLO = "Hello, World!"
val MAPPER = ObjectMapper()

data class Message(val message: String)

// Ktor's Netty engine sends no Date header, and its DefaultHeaders plugin (ktor-server-default-headers) does not
// resolve from Maven Central here: a custom application plugin (Ktor's documented extension point) adds it.
val DateHeader = createApplicationPlugin("DateHeader") {
    onCall { call -> call.response.header(HttpHeaders.Date, HttpDate.now()) }
}

// The Date header's value, formatted once per second, not once per request.
object HttpDate {
    private val format = java.time.format.DateTimeFormatter
        .ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", java.util.Locale.ENGLISH).withZone(java.time.ZoneOffset.UTC)
    @Volatile private var second = -1L
    @Volatile private var value = ""

    fun now(): String {
        val s = System.currentTimeMillis() / 1000
        if (s != second) {
            value = format.format(java.time.Instant.ofEpochSecond(s)) // value before second: a reader that sees s sees it
            second = s
        }
        return value
    }
}

fun main() {
    val port = System.getenv("PORT")?.toInt() ?: 8080
    val reference = System.getenv("PODIUM_REFERENCE_URL") ?: "http://127.0.0.1:9090/reference"
    // Ktor's CIO client with its defaults (at most 100 connections per route, 1000 in all).
    val client = HttpClient(CIO)

    embeddedServer(Netty, port = port, host = "127.0.0.1") {
        install(DateHeader)
        routing {
            get("/plaintext") { call.respondText(HELLO, ContentType.Text.Plain) }
            get("/json") { call.respondBytes(MAPPER.writeValueAsBytes(Message(HELLO)), ContentType.Application.Json) }
            get("/proxy") {
                val answer = client.get(reference)
                if (answer.status == HttpStatusCode.OK) {
                    call.respondBytes(answer.readRawBytes(), ContentType.Application.Json)
                } else {
                    call.respondText("reference answered ${answer.status}", ContentType.Text.Plain, HttpStatusCode.BadGateway)
                }
            }
            get("/delay") {
                val ms = call.request.queryParameters["ms"]?.toLongOrNull()
                if (ms == null || ms < 0) {
                    call.respondText("ms must be a whole number of milliseconds", ContentType.Text.Plain, HttpStatusCode.BadRequest)
                } else {
                    delay(ms) // suspends the coroutine: a timer, no thread waits
                    call.respondText(HELLO, ContentType.Text.Plain)
                }
            }
        }
    }.start(wait = true)
}
