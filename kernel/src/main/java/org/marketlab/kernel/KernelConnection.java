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
 * jjava's connection, with shell and control channels that take a request as soon as it comes. jjava's own check
 * their socket, then sleep 50 ms when it is empty, so every request (the first cell's among them) waited 25 ms on
 * average, up to 50; these wait in the poll itself, which returns when a message arrives.
 */
final class KernelConnection extends JupyterConnection {

    KernelConnection(KernelConnectionProperties props) throws NoSuchAlgorithmException, InvalidKeyException {
        super(props);
        replace("shell", new PromptShellChannel(channelContext(), props.createHMACGenerator(), false, this));
        replace("control", new PromptShellChannel(channelContext(), props.createHMACGenerator(), true, this));
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
