package org.marketlab.hostile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A small HTTP/1.1 server on a loopback address that misbehaves on purpose: each test gives it a handler that
 * writes whatever bytes it likes (redirects, trickles, silence, huge bodies, wrong shapes). It records every request
 * it receives, headers included, so a test can prove what never arrived. At most 16 connections at a time; closing
 * it closes them all.
 */
public final class HostileServer implements AutoCloseable {

    /** One request as received. */
    public record Request(String method, String target, Map<String, String> headers, byte[] body) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String path() {
            int q = target.indexOf('?');
            return q < 0 ? target : target.substring(0, q);
        }
    }

    /** Writes the answer to one request. */
    @FunctionalInterface
    public interface Handler {
        void handle(Request request, OutputStream out) throws Exception;
    }

    private final ServerSocket socket;
    private final ExecutorService threads = Executors.newFixedThreadPool(16, r -> {
        Thread t = new Thread(r, "hostile-server");
        t.setDaemon(true);
        return t;
    });
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final List<Request> received = new CopyOnWriteArrayList<>();
    private volatile Handler handler;

    /** On 127.0.0.1. */
    public HostileServer(Handler handler) throws IOException {
        this("127.0.0.1", handler);
    }

    /** On another loopback address (127.0.0.2 is another host to a client, as far as host names go). */
    public HostileServer(String loopbackAddress, Handler handler) throws IOException {
        InetAddress a = InetAddress.getByName(loopbackAddress);
        if (!a.isLoopbackAddress()) throw new IllegalArgumentException("loopback only: " + loopbackAddress);
        this.handler = handler;
        this.socket = new ServerSocket();
        socket.bind(new InetSocketAddress(a, 0));
        Thread acceptor = new Thread(this::accept, "hostile-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public void handler(Handler h) {
        this.handler = h;
    }

    public String url() {
        return "http://" + socket.getInetAddress().getHostAddress() + ":" + socket.getLocalPort();
    }

    public List<Request> received() {
        return List.copyOf(received);
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket s = socket.accept();
                open.add(s);
                threads.execute(() -> serve(s));
            } catch (IOException | java.util.concurrent.RejectedExecutionException e) {
                return;
            }
        }
    }

    private void serve(Socket s) {
        try (s) {
            InputStream in = s.getInputStream();
            while (!s.isClosed()) {
                Request r = read(in);
                if (r == null) return;
                received.add(r);
                OutputStream out = s.getOutputStream();
                handler.handle(r, out);
                out.flush();
                if ("close".equalsIgnoreCase(r.header("connection"))) return;
            }
        } catch (Exception e) {
            // the client went away, or the handler closed the connection on purpose
        } finally {
            open.remove(s);
        }
    }

    private static Request read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int state = 0;
        while (state < 4) {
            int b = in.read();
            if (b < 0) return null;
            head.write(b);
            state = (b == '\r' && (state == 0 || state == 2)) || (b == '\n' && (state == 1 || state == 3)) ? state + 1 : 0;
            if (head.size() > 64 * 1024) throw new IOException("request head too large");
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        String[] first = lines[0].split(" ");
        Map<String, String> headers = new TreeMap<>();
        for (int i = 1; i < lines.length; i++) {
            int c = lines[i].indexOf(':');
            if (c > 0) headers.put(lines[i].substring(0, c).trim().toLowerCase(Locale.ROOT), lines[i].substring(c + 1).trim());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        return new Request(first[0], first[1], headers, body);
    }

    /** Writes a complete answer with a JSON (or any) body. */
    public static void answer(OutputStream out, int status, String body, String... headers) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder h = new StringBuilder("HTTP/1.1 " + status + " X\r\nContent-Type: application/json\r\nContent-Length: " + b.length + "\r\n");
        for (String x : headers) h.append(x).append("\r\n");
        out.write(h.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        out.write(b);
        out.flush();
    }

    @Override
    public void close() throws IOException {
        socket.close();
        for (Socket s : open) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        threads.shutdownNow();
        try {
            threads.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
