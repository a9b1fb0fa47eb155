// The suite's scenarios as Ktor routes on the Netty engine: every handler is a coroutine, nothing blocks a thread.
package dev.podium.suite.ktor

import com.fasterxml.jackson.databind.ObjectMapper
import io.ktor.client.HttpClient
import io.ktor.client.engine.cio.CIO
import io.ktor.client.request.get
import io.ktor.client.statement.readRawBytes
import io.ktor.http.ContentType
import io.ktor.http.HttpStatusCode
import io.ktor.server.engine.embeddedServer
import io.ktor.server.netty.Netty
import io.ktor.server.response.respondBytes
import io.ktor.server.response.respondText
import io.ktor.server.routing.get
import io.ktor.server.routing.routing
import kotlinx.coroutines.delay

const val HELLO = "Hello, World!"
val MAPPER = ObjectMapper()

data class Message(val message: String)

fun main() {
    val port = System.getenv("PORT")?.toInt() ?: 8080
    val reference = System.getenv("PODIUM_REFERENCE_URL") ?: "http://127.0.0.1:9090/reference"
    // Ktor's CIO client with its defaults (at most 100 connections per route, 1000 in all).
    val client = HttpClient(CIO)

    embeddedServer(Netty, port = port, host = "127.0.0.1") {
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
