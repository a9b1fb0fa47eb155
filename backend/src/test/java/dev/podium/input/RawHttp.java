package dev.podium.input;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** One HTTP/1.1 exchange over a plain socket: the exact bytes, the exact path, chunked bodies, early answers. */
final class RawHttp {

    /** The answer: status, headers (lower-case names), body. */
    record Answer(int status, Map<String, String> headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private RawHttp() {}

    static Answer send(int port, String method, String path, Map<String, String> headers, byte[] body, boolean chunked)
            throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            StringBuilder head = new StringBuilder(
                    method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n");
            headers.forEach((name, value) ->
                    head.append(name).append(": ").append(value).append("\r\n"));
            if (body != null && chunked) {
                head.append("Transfer-Encoding: chunked\r\n");
            } else if (body != null) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            try {
                writeBody(out, in, body, chunked);
            } catch (IOException stopped) {
                // the service answered (and closed) before taking the whole body: read what it said
            }
            return read(in);
        }
    }

    // in 64 KiB steps, stopping as soon as the service has answered, so its answer is not lost to a reset
    private static void writeBody(OutputStream out, InputStream in, byte[] body, boolean chunked) throws IOException {
        if (body == null) {
            return;
        }
        int step = 64 * 1024;
        for (int at = 0; at < body.length; at += step) {
            if (in.available() > 0) {
                return;
            }
            int n = Math.min(step, body.length - at);
            if (chunked) {
                out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            }
            out.write(body, at, n);
            if (chunked) {
                out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }
        }
        if (chunked) {
            out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        }
        out.flush();
    }

    private static Answer read(InputStream in) throws IOException {
        byte[] all = in.readAllBytes();
        int end = indexOf(all, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), 0);
        if (end < 0) {
            throw new IOException("no complete answer: " + new String(all, StandardCharsets.ISO_8859_1));
        }
        String[] lines = new String(all, 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(
                    lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    lines[i].substring(colon + 1).trim());
        }
        byte[] body = java.util.Arrays.copyOfRange(all, end + 4, all.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = dechunk(body);
        }
        return new Answer(status, headers, body);
    }

    private static byte[] dechunk(byte[] chunked) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (true) {
            int eol = indexOf(chunked, new byte[] {'\r', '\n'}, at);
            int size = Integer.parseInt(
                    new String(chunked, at, eol - at, StandardCharsets.ISO_8859_1).split(";")[0].trim(), 16);
            if (size == 0) {
                return out.toByteArray();
            }
            out.write(chunked, eol + 2, size);
            at = eol + 2 + size + 2;
        }
    }

    private static int indexOf(byte[] data, byte[] needle, int from) {
        outer:
        for (int i = from; i <= data.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (data[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
