import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;

/** A JVM target for the gcstats test: every request allocates about 64 KB (a byte array it fills) and answers 200. */
public class AllocServer {
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", Integer.parseInt(args[0])), 128);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/", exchange -> {
            byte[] junk = new byte[64 * 1024];
            for (int i = 0; i < junk.length; i += 512) {
                junk[i] = (byte) i;
            }
            sink += junk[4096];
            byte[] body = "ok".getBytes();
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }
}
