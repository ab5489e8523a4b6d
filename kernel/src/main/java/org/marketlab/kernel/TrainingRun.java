package org.marketlab.kernel;

import org.marketlab.kernel.startup.IdleWarmUp;

import org.dflib.jjava.jupyter.channels.JupyterSocket;
import org.dflib.jjava.jupyter.kernel.JupyterIO;
import org.dflib.jjava.jupyter.kernel.KernelConnectionProperties;
import org.dflib.jjava.jupyter.messages.Header;
import org.dflib.jjava.jupyter.messages.Message;
import org.dflib.jjava.jupyter.messages.MessageType;
import org.dflib.jjava.jupyter.messages.request.CompleteRequest;
import org.dflib.jjava.jupyter.messages.request.ExecuteRequest;
import org.dflib.jjava.jupyter.messages.request.InspectRequest;
import org.dflib.jjava.jupyter.messages.request.KernelInfoRequest;
import org.slf4j.LoggerFactory;
import org.zeromq.SocketType;
import org.zeromq.ZMQ;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The training run of the class-data-sharing archive ({@code java -jar marketlab-kernel.jar warmup}, run by the
 * installer): starts the kernel as Jupyter does, on a connection of its own on the loopback interface, and talks to
 * it as a notebook would (kernel info, typical first cells, a completion and an inspection), so that the archive
 * holds what a real start loads: JShell and javac, the toolkit, the sandbox, the readers and tables, and also the
 * Jupyter messaging (sockets, message classes, their JSON), which a run without a connection never touched.
 */
final class TrainingRun {

    /** Typical first cells, run through the connection. */
    static final List<String> CELLS = List.of(
            "1 + 1",
            "var t = Markets.events().limit(10).table(); t",
            "Markets.events().active().limit(20).marketsTable()",
            "Markets.events().limit(3).list().get(0)",
            "MarketLab.pacing()",
            "System.out.println(\"printed\")",
            "var c = new XYChartBuilder().width(300).height(200).build(); c.addSeries(\"s\", new double[]{1, 2}, new double[]{2, 1}); c");

    private static final long WAIT_MS = 120_000;

    private TrainingRun() {
    }

    static void run() throws Exception {
        System.setProperty("java.awt.headless", "true");
        JupyterIO io = MarketLabKernel.io();
        var starting = CellEvaluator.startInBackground(io.out, io.err);
        KernelConnectionProperties props = new KernelConnectionProperties("127.0.0.1", freePort(), freePort(), freePort(), freePort(),
                freePort(), "tcp", "hmac-sha256", UUID.randomUUID().toString());
        KernelConnection connection = new KernelConnection(props);
        MarketLabKernel kernel = MarketLabKernel.create(io, starting);
        kernel.becomeHandlerForConnection(connection);
        connection.connect();
        ZMQ.Context context = ZMQ.context(1);
        try (Client client = new Client(context, props)) {
            client.bind(props);
            client.ask(KernelInfoRequest.MESSAGE_TYPE, new KernelInfoRequest());
            // What the idle kernel runs: reading the shipped document, compiling a typical cell.
            IdleWarmUp.readOnce(IdleWarmUp.document(), Html::table);
            kernel.evalForTest(CellEvaluator.WARM_UP_COMPILE);
            for (String cell : CELLS) {
                client.ask(ExecuteRequest.MESSAGE_TYPE, new ExecuteRequest(cell, false, true, Map.of(), false, true));
            }
            client.ask(CompleteRequest.MESSAGE_TYPE, new CompleteRequest("Markets.ev", "Markets.ev".length()));
            client.ask(InspectRequest.MESSAGE_TYPE, new InspectRequest("Markets.events(", "Markets.events(".length(), 0));
        } finally {
            kernel.onShutdown(false);
            connection.close();
            context.close();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The notebook's side of the shell channel. */
    private static final class Client extends JupyterSocket implements AutoCloseable {

        private final ZMQ.Poller poller;
        private final String session = UUID.randomUUID().toString();

        Client(ZMQ.Context context, KernelConnectionProperties props) throws Exception {
            super(context, SocketType.DEALER, props.createHMACGenerator(), LoggerFactory.getLogger("TrainingClient"));
            poller = context.poller(1);
            poller.register(this, ZMQ.Poller.POLLIN);
        }

        @Override
        public void bind(KernelConnectionProperties props) {
            connect(formatAddress(props.getTransport(), props.getIp(), props.getShellPort()));
        }

        /** Sends a request and waits for its reply. */
        <T> void ask(MessageType<T> type, T content) {
            sendMessage(new Message<>(new Header<>(session, type), content));
            if (poller.poll(WAIT_MS) <= 0) throw new IllegalStateException("no reply to " + type.getName() + " within " + WAIT_MS + " ms");
            readMessage();
        }
    }
}
