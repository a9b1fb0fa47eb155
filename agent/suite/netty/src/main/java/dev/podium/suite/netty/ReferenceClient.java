package dev.podium.suite.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.pool.AbstractChannelPoolHandler;
import io.netty.channel.pool.ChannelPool;
import io.netty.channel.pool.SimpleChannelPool;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Netty's own HTTP client for the proxy scenario: one keep-alive connection pool per event loop, so a proxied call
 * runs on the event loop of the connection that asked for it, with no hand-off between threads.
 */
final class ReferenceClient {
    private static final AttributeKey<Promise<byte[]>> PENDING = AttributeKey.valueOf("podium.pending");

    private final URI reference;
    private final Map<EventLoop, ChannelPool> pools = new ConcurrentHashMap<>();

    ReferenceClient(URI reference) {
        this.reference = reference;
    }

    /** GETs the reference document; the future completes on {@code loop} with the body. */
    Future<byte[]> get(EventLoop loop) {
        Promise<byte[]> result = loop.newPromise();
        ChannelPool pool = pools.computeIfAbsent(loop, this::newPool);
        pool.acquire().addListener(acquired -> {
            if (!acquired.isSuccess()) {
                result.tryFailure(acquired.cause());
                return;
            }
            Channel channel = (Channel) acquired.getNow();
            Promise<byte[]> pending = channel.eventLoop().newPromise();
            channel.attr(PENDING).set(pending);
            pending.addListener(done -> {
                channel.attr(PENDING).set(null);
                pool.release(channel);
                if (done.isSuccess()) {
                    result.trySuccess((byte[]) done.getNow());
                } else {
                    result.tryFailure(done.cause());
                }
            });
            FullHttpRequest request =
                    new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, reference.getRawPath());
            request.headers()
                    .set(HttpHeaderNames.HOST, reference.getAuthority())
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            channel.writeAndFlush(request).addListener(written -> {
                if (!written.isSuccess()) {
                    pending.tryFailure(written.cause());
                    channel.close();
                }
            });
        });
        return result;
    }

    private ChannelPool newPool(EventLoop loop) {
        Bootstrap bootstrap = new Bootstrap()
                .group(loop)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .remoteAddress(new InetSocketAddress(reference.getHost(), reference.getPort()));
        return new SimpleChannelPool(bootstrap, new AbstractChannelPoolHandler() {
            @Override
            public void channelCreated(Channel channel) {
                channel.pipeline()
                        .addLast(new HttpClientCodec())
                        .addLast(new HttpObjectAggregator(64 * 1024))
                        .addLast(new ResponseHandler());
            }
        });
    }

    /** Completes the pending call of its connection with the response body. */
    private static final class ResponseHandler extends SimpleChannelInboundHandler<FullHttpResponse> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
            Promise<byte[]> pending = ctx.channel().attr(PENDING).get();
            if (pending == null) {
                return;
            }
            if (response.status().code() != 200) {
                ctx.close();
                pending.tryFailure(new IOException("reference answered " + response.status()));
            } else {
                if (!io.netty.handler.codec.http.HttpUtil.isKeepAlive(response)) {
                    ctx.close();
                }
                pending.trySuccess(ByteBufUtil.getBytes(response.content()));
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            Promise<byte[]> pending = ctx.channel().attr(PENDING).get();
            if (pending != null) {
                pending.tryFailure(new IOException("reference closed the connection"));
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            Promise<byte[]> pending = ctx.channel().attr(PENDING).get();
            if (pending != null) {
                pending.tryFailure(cause);
            }
            ctx.close();
        }
    }
}
