package dev.podium.suite.netty;

import dev.podium.suite.common.Env;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.net.URI;

/** The suite's scenarios on Netty's HTTP codec: NIO event loops (one per available processor pair, Netty's default), no native transport. */
public final class NettyTarget {
    public static void main(String[] args) throws InterruptedException {
        int port = Env.port();
        URI reference =
                URI.create(System.getenv().getOrDefault("PODIUM_REFERENCE_URL", "http://127.0.0.1:9090/reference"));
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(NioIoHandler.newFactory());
        ReferenceClient client = new ReferenceClient(reference);
        try {
            ServerBootstrap bootstrap = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            channel.pipeline()
                                    .addLast(new HttpServerCodec())
                                    .addLast(new HttpObjectAggregator(64 * 1024))
                                    .addLast(new ScenarioHandler(client));
                        }
                    });
            var channel = bootstrap.bind("127.0.0.1", port).sync().channel();
            System.out.println("netty listening on 127.0.0.1:" + port);
            channel.closeFuture().sync();
        } finally {
            group.shutdownGracefully();
        }
    }
}
