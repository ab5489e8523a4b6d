package org.marketlab.kernel;

import org.dflib.jjava.jupyter.channels.JupyterConnection;
import org.dflib.jjava.jupyter.channels.Loop;
import org.dflib.jjava.jupyter.channels.ShellChannel;
import org.dflib.jjava.jupyter.channels.ShellHandler;
import org.dflib.jjava.jupyter.channels.ShellReplyEnvironment;
import org.dflib.jjava.jupyter.kernel.KernelConnectionProperties;
import org.dflib.jjava.jupyter.messages.HMACGenerator;
import org.dflib.jjava.jupyter.messages.Message;
import org.zeromq.ZMQ;

import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;

/**
 * jjava's connection, with shell and control channels that take a request as soon as it comes, and a watch on who
 * listens on IOPub.
 * <ul>
 *   <li>jjava's own shell and control channels check their socket, then sleep 50 ms when it is empty, so a request
 *       (the first cell's among them) would wait 25 ms on average, up to 50; these wait in the poll itself, which
 *       returns when a message arrives.</li>
 *   <li>A client's IOPub subscriber may connect a moment after its shell socket (each retries on its own, every 100 to
 *       200 ms, until the kernel listens), and what is published before it connects is lost. jupyter_client, having
 *       the answer to its first kernel_info request, waits 0.2 s for any IOPub message, and asks again if none came.
 *       So the kernel answers its first kernel_info once a subscriber has connected ({@link #awaitSubscriber}), as
 *       ipykernel's welcome message on subscription does.</li>
 * </ul>
 */
final class KernelConnection extends JupyterConnection {

    /** Counted down when the first IOPub subscriber has connected (its handshake done). */
    private final java.util.concurrent.CountDownLatch subscribed = new java.util.concurrent.CountDownLatch(1);

    KernelConnection(KernelConnectionProperties props) throws NoSuchAlgorithmException, InvalidKeyException {
        super(props);
        replace("shell", new PromptShellChannel(channelContext(), props.createHMACGenerator(), false, this));
        replace("control", new PromptShellChannel(channelContext(), props.createHMACGenerator(), true, this));
        watchSubscribers();
    }

    /** Listens to the IOPub socket's monitor for the first completed handshake of a peer. */
    private void watchSubscribers() {
        String address = "inproc://marketlab-iopub-monitor-" + System.identityHashCode(this);
        if (!iopub.monitor(address, ZMQ.EVENT_HANDSHAKE_PROTOCOL)) {
            subscribed.countDown(); // no monitor: nothing to wait for
            return;
        }
        ZMQ.Socket events = channelContext().socket(org.zeromq.SocketType.PAIR);
        events.connect(address);
        Thread t = new Thread(() -> {
            try {
                ZMQ.Event e = ZMQ.Event.recv(events);
                if (e != null) subscribed.countDown();
            } catch (RuntimeException closed) {
                subscribed.countDown(); // the context closed: nothing will connect
            } finally {
                iopub.monitor(null, 0);
                events.close();
            }
        }, "marketlab-iopub-watch");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Waits until an IOPub subscriber has connected, at most {@code timeoutMillis}; then a moment more, for its
     * subscription (sent right after the handshake) to reach the socket. At once when one connected earlier.
     */
    void awaitSubscriber(long timeoutMillis) {
        if (subscribed.getCount() == 0) return;
        try {
            if (subscribed.await(timeoutMillis, java.util.concurrent.TimeUnit.MILLISECONDS)) Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ZMQ.Context channelContext() {
        try {
            var f = JupyterConnection.class.getDeclaredField("ctx");
            f.setAccessible(true);
            return (ZMQ.Context) f.get(this);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("jjava's JupyterConnection has no context field: " + e, e);
        }
    }

    /** Puts {@code channel} in the place of jjava's (closing that one, never bound). */
    private void replace(String field, ShellChannel channel) {
        try {
            var f = JupyterConnection.class.getDeclaredField(field);
            f.setAccessible(true);
            ShellChannel old = (ShellChannel) f.get(this);
            f.set(this, channel);
            old.close();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("jjava's JupyterConnection has no " + field + " field: " + e, e);
        }
    }

    /** A shell (or control) channel whose loop waits in the poll: a request is read the moment it arrives. */
    static final class PromptShellChannel extends ShellChannel {

        /** How long one poll waits before the loop checks whether it should stop. */
        private static final long POLL_MS = 100;

        private final boolean isControl;
        private final JupyterConnection connection;
        private volatile Loop loop;

        PromptShellChannel(ZMQ.Context context, HMACGenerator hmac, boolean isControl, JupyterConnection connection) {
            super(context, hmac, isControl, connection, 0);
            this.isControl = isControl;
            this.connection = connection;
        }

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public void bind(KernelConnectionProperties props) {
            if (loop != null) throw new IllegalStateException("channel already bound");
            bind(formatAddress(props.getTransport(), props.getIp(), isControl ? props.getControlPort() : props.getShellPort()));
            ZMQ.Poller poller = ctx.poller(1);
            poller.register(this, ZMQ.Poller.POLLIN);
            String name = isControl ? "Control" : "Shell";
            loop = new Loop(name, 0, () -> {
                if (poller.poll(POLL_MS) <= 0) return;
                Message<?> message;
                try {
                    message = readMessage();
                } catch (RuntimeException e) {
                    // A message that does not parse (or is not signed with the key) is dropped; the loop goes on.
                    logger.warn("Dropped a message that could not be read: {}", e.toString());
                    return;
                }
                if (message == null) return; // closed
                ShellHandler handler = connection.getHandler(message.getHeader().getType());
                if (handler == null) {
                    logger.warn("Unhandled message: {}", message.getHeader().getType().getName());
                    return;
                }
                ShellReplyEnvironment env = connection.prepareReplyEnv(this, message);
                try {
                    handler.handle(env, message);
                } catch (Exception e) {
                    logger.warn("Unhandled exception handling {}. {} - {}", message.getHeader().getType().getName(),
                            e.getClass().getSimpleName(), e.getLocalizedMessage());
                } finally {
                    env.resolveDeferrals();
                }
                if (env.isMarkedForShutdown()) connection.close();
            });
            loop.onClose(() -> loop = null);
            loop.start();
        }

        @Override
        public void close() {
            Loop l = loop;
            if (l != null) l.shutdown();
            super.close();
        }

        @Override
        public void waitUntilClose() {
            Loop l = loop;
            if (l == null) return;
            try {
                l.join();
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
