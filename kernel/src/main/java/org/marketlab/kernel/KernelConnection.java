package org.marketlab.kernel;

import org.dflib.jjava.jupyter.channels.IOPubChannel;
import org.dflib.jjava.jupyter.channels.JupyterConnection;
import org.dflib.jjava.jupyter.channels.JupyterSocket;
import org.dflib.jjava.jupyter.channels.Loop;
import org.dflib.jjava.jupyter.channels.ShellChannel;
import org.dflib.jjava.jupyter.channels.ShellHandler;
import org.dflib.jjava.jupyter.channels.ShellReplyEnvironment;
import org.dflib.jjava.jupyter.kernel.KernelConnectionProperties;
import org.dflib.jjava.jupyter.messages.HMACGenerator;
import org.dflib.jjava.jupyter.messages.Message;
import org.marketlab.kernel.startup.StartTrace;
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
        PromptShellChannel shellChannel = new PromptShellChannel(channelContext(), props.createHMACGenerator(), false, this);
        PromptShellChannel controlChannel = new PromptShellChannel(channelContext(), props.createHMACGenerator(), true, this);
        replace("shell", shellChannel);
        replace("control", controlChannel);
        EarlyIOPub iopubChannel = new EarlyIOPub(channelContext(), props.createHMACGenerator());
        replace("iopub", iopubChannel);
        watchSubscribers(); // before IOPub listens: a subscriber's handshake is then never missed
        // IOPub, the shell and control listen from here on, IOPub first; requests wait in their sockets until connect()
        // starts the loops (and binds stdin and the heartbeat, which no first cell waits for). A client's sockets each
        // retry every 100 ms until the kernel listens: one that finds IOPub listening in the same round as the shell
        // has a subscriber by the time its kernel_info request is answered.
        iopubChannel.listen(props);
        shellChannel.listen(props);
        controlChannel.listen(props);
        StartTrace.mark("ports listening");
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
                if (e != null) {
                    StartTrace.mark("IOPub subscriber connected");
                    subscribed.countDown();
                }
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
    private void replace(String field, JupyterSocket channel) {
        try {
            var f = JupyterConnection.class.getDeclaredField(field);
            f.setAccessible(true);
            JupyterSocket old = (JupyterSocket) f.get(this);
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
        private boolean listening;

        PromptShellChannel(ZMQ.Context context, HMACGenerator hmac, boolean isControl, JupyterConnection connection) {
            super(context, hmac, isControl, connection, 0);
            this.isControl = isControl;
            this.connection = connection;
        }

        /** Listens on the channel's port; requests wait in the socket until {@link #bind} starts the loop. */
        void listen(KernelConnectionProperties props) {
            if (listening) throw new IllegalStateException("channel already listening");
            bind(formatAddress(props.getTransport(), props.getIp(), isControl ? props.getControlPort() : props.getShellPort()));
            listening = true;
        }

        /** Starts the loop that reads and handles requests (listening first, if {@link #listen} was not called). */
        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public void bind(KernelConnectionProperties props) {
            if (loop != null) throw new IllegalStateException("channel already bound");
            if (!listening) listen(props);
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

    /** jjava's IOPub channel, listening from {@link #listen} (made with the connection) rather than from connect(). */
    static final class EarlyIOPub extends IOPubChannel {

        EarlyIOPub(ZMQ.Context context, HMACGenerator hmac) {
            super(context, hmac);
        }

        void listen(KernelConnectionProperties props) {
            super.bind(props);
        }

        @Override
        public void bind(KernelConnectionProperties props) {
            // listening since listen()
        }
    }
}
