package org.marketlab.kernel;

import org.dflib.jjava.jupyter.channels.JupyterConnection;
import org.dflib.jjava.jupyter.kernel.KernelConnectionProperties;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@code java -jar marketlab-kernel.jar <connection file>} runs the kernel for Jupyter;
 * {@code install [...]} and {@code uninstall [...]} manage its kernelspec; {@code warmup} runs a typical first
 * cell (used to build the class-data-sharing archive at install time).
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
                warmup();
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
        System.setProperty("java.awt.headless", "true");
        KernelConnectionProperties props = KernelConnectionProperties.parse(Files.readString(connectionFile));
        JupyterConnection connection = new JupyterConnection(props);
        // Neither the sandbox nor Tablesaw is started here: they would compete for the cores with JShell's start, and
        // a cell that does not use them would wait. They start with the first cell that uses them, or while the
        // kernel is idle (IdleWarmUp).
        MarketLabKernel kernel = MarketLabKernel.create();
        kernel.onStartup();
        kernel.warmUpWhileIdle();
        kernel.becomeHandlerForConnection(connection);
        connection.connect();
        connection.waitUntilClose();
        System.exit(0);
    }

    /**
     * The training run of the class-data-sharing archive: loads what typical first cells load (JShell, the toolkit,
     * the sandbox, the readers, tables, records and a chart) and what the idle warm-up runs.
     */
    static void warmup() {
        System.setProperty("java.awt.headless", "true");
        MarketLabKernel kernel = MarketLabKernel.create();
        IdleWarmUp.readOnce(IdleWarmUp.document());
        kernel.evalForTest(CellEvaluator.WARM_UP_COMPILE);
        kernel.evalForTest("1 + 1");
        kernel.evalForTest("var t = Markets.events().limit(10).table(); t");
        kernel.evalForTest("Markets.events().active().limit(20).marketsTable()");
        kernel.evalForTest("Markets.events().limit(3).list().get(0)");
        kernel.evalForTest("MarketLab.pacing()");
        kernel.evalForTest("var c = new XYChartBuilder().width(300).height(200).build(); c.addSeries(\"s\", new double[]{1, 2}, new double[]{2, 1}); c");
        kernel.onShutdown(false);
    }
}
