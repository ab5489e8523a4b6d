package org.marketlab.kernel;

import org.marketlab.kernel.startup.StartTrace;

import org.dflib.jjava.jupyter.channels.JupyterConnection;
import org.dflib.jjava.jupyter.kernel.JupyterIO;
import org.dflib.jjava.jupyter.kernel.KernelConnectionProperties;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@code java -jar marketlab-kernel.jar <connection file>} runs the kernel for Jupyter;
 * {@code install [...]} and {@code uninstall [...]} manage its kernelspec; {@code warmup} runs a typical first
 * notebook's session through a connection of its own (the training run of the class-data-sharing archive, made at
 * install time: {@link TrainingRun}).
 */
public final class KernelMain {

    private KernelMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: java -jar marketlab-kernel.jar <connection file> | install [--user | --sys-prefix | --prefix DIR]"
                    + " [--name NAME] [--no-cds] | uninstall [--name NAME] [--prefix DIR] | warmup");
            System.exit(2);
        }
        switch (args[0]) {
            case "install" -> System.exit(Installer.install(Arrays.copyOfRange(args, 1, args.length)));
            case "uninstall" -> System.exit(Installer.uninstall(Arrays.copyOfRange(args, 1, args.length)));
            case "warmup" -> {
                TrainingRun.run();
                System.exit(0);
            }
            default -> run(Path.of(args[0]));
        }
    }

    private static void run(Path connectionFile) throws Exception {
        if (!Files.isRegularFile(connectionFile)) {
            System.err.println("no connection file at " + connectionFile);
            System.exit(2);
        }
        StartTrace.mark("main");
        System.setProperty("java.awt.headless", "true");
        // JShell's start is the longest part of the kernel's: it begins first, on its own thread, and the Jupyter
        // connection (the sockets, the message classes) is made on this one meanwhile.
        JupyterIO io = MarketLabKernel.io();
        var starting = CellEvaluator.startInBackground(io.out, io.err);
        KernelConnectionProperties props = KernelConnectionProperties.parse(Files.readString(connectionFile));
        JupyterConnection connection = new KernelConnection(props);
        StartTrace.mark("connection made");
        // Neither the sandbox nor Tablesaw is started here: they would compete for the cores with JShell's start, and
        // a cell that does not use them would wait. They start with the first cell that uses them, or while the
        // kernel is idle (IdleWarmUp).
        MarketLabKernel kernel = MarketLabKernel.create(io, starting);
        kernel.onStartup();
        kernel.processEndsWithKernel();
        kernel.warmUpWhileIdle();
        kernel.becomeHandlerForConnection(connection);
        StartTrace.mark("kernel made");
        connection.connect();
        StartTrace.mark("connected");
        ClassDataArchive.repairInBackground();
        connection.waitUntilClose();
        System.exit(0);
    }
}
