import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;

/**
 * A JVM target for the gcstats test, in one of two shapes: "arrays", every request allocates a 64 KiB byte array (a
 * large allocation, outside the thread's TLAB); "objects", every request builds a list of 2,000 small strings (many
 * small TLAB allocations). Either answers 200.
 */
public class AllocServer {
    static volatile long sink;

    static void arrays() {
        byte[] junk = new byte[64 * 1024];
        for (int i = 0; i < junk.length; i += 512) {
            junk[i] = (byte) i;
        }
        sink += junk[4096];
    }

    static void objects() {
        java.util.List<String> list = new java.util.ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            list.add(Integer.toString(i * 31 + (int) sink));
        }
        sink += list.get(1999).length();
    }

    public static void main(String[] args) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", Integer.parseInt(args[0])), 128);
        server.setExecutor(Executors.newFixedThreadPool(4));
        boolean small = args.length > 1 && args[1].equals("objects");
        server.createContext("/", exchange -> {
            if (small) {
                objects();
            } else {
                arrays();
            }
            byte[] body = "ok".getBytes();
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }
}
