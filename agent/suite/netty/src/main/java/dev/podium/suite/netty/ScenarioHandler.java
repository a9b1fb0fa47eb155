package dev.podium.suite.netty;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.suite.common.Delay;
import dev.podium.suite.common.HttpDate;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Answers the four scenarios; proxy and delay complete later on the connection's own event loop, never blocking it. */
final class ScenarioHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.UTF_8);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    record Message(String message) {}

    private final ReferenceClient client;

    ScenarioHandler(ReferenceClient client) {
        this.client = client;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) throws JsonProcessingException {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        QueryStringDecoder uri = new QueryStringDecoder(request.uri());
        switch (uri.path()) {
            case "/plaintext" -> send(ctx, keepAlive, HttpResponseStatus.OK, "text/plain", HELLO);
            case "/json" ->
                send(
                        ctx,
                        keepAlive,
                        HttpResponseStatus.OK,
                        "application/json",
                        MAPPER.writeValueAsBytes(new Message("Hello, World!")));
            case "/proxy" ->
                client.get(ctx.channel().eventLoop()).addListener(done -> {
                    if (done.isSuccess()) {
                        send(ctx, keepAlive, HttpResponseStatus.OK, "application/json", (byte[]) done.getNow());
                    } else {
                        send(
                                ctx,
                                keepAlive,
                                HttpResponseStatus.BAD_GATEWAY,
                                "text/plain",
                                String.valueOf(done.cause()).getBytes(StandardCharsets.UTF_8));
                    }
                });
            case "/delay" -> {
                long ms = delayMillis(uri.parameters().get("ms"));
                if (ms < 0) {
                    send(
                            ctx,
                            keepAlive,
                            HttpResponseStatus.BAD_REQUEST,
                            "text/plain",
                            Delay.BAD_MS.getBytes(StandardCharsets.UTF_8));
                } else {
                    ctx.executor()
                            .schedule(
                                    () -> send(ctx, keepAlive, HttpResponseStatus.OK, "text/plain", HELLO),
                                    ms,
                                    TimeUnit.MILLISECONDS);
                }
            }
            default ->
                send(
                        ctx,
                        keepAlive,
                        HttpResponseStatus.NOT_FOUND,
                        "text/plain",
                        "not found".getBytes(StandardCharsets.UTF_8));
        }
    }

    static long delayMillis(List<String> values) {
        return Delay.millis(values == null || values.isEmpty() ? null : values.get(0));
    }

    private static void send(
            ChannelHandlerContext ctx, boolean keepAlive, HttpResponseStatus status, String contentType, byte[] body) {
        FullHttpResponse response =
                new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, contentType)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.DATE, HttpDate.now());
        if (keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(response);
        } else {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
