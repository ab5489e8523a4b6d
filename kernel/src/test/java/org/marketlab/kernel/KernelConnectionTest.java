package org.marketlab.kernel;

import org.dflib.jjava.jupyter.kernel.KernelConnectionProperties;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The kernel's IOPub, shell and control ports listen from the moment its connection is made, before its loops start:
 * a client's sockets, which retry on their own every 100 ms, find IOPub and the shell listening in the same round.
 */
class KernelConnectionTest {

    @Test
    void ioPubTheShellAndControlListenOnceTheConnectionIsMade() throws Exception {
        int iopub = freePort(), shell = freePort(), control = freePort(), stdin = freePort(), hb = freePort();
        KernelConnectionProperties props = new KernelConnectionProperties("127.0.0.1", control, shell, stdin, hb, iopub, "tcp",
                "hmac-sha256", UUID.randomUUID().toString());
        assertThrows(IOException.class, () -> reach(iopub), "nothing listens before the connection is made");
        KernelConnection connection = new KernelConnection(props);
        try {
            for (int port : new int[]{iopub, shell, control}) assertDoesNotThrow(() -> reach(port), "port " + port + " listens");
        } finally {
            connection.close();
        }
    }

    private static void reach(int port) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2_000);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
