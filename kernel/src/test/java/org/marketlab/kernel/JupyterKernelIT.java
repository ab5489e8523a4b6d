package org.marketlab.kernel;

import org.marketlab.kernel.startup.CompileJar;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The kernel under real Jupyter: the jupyter_kernel_test conformance suite, interrupt, timeout and an
 * nbclient-executed notebook (kernel/src/test/python/test_kernel.py), against the shaded jar installed the
 * way users install it.
 */
class JupyterKernelIT {

    private static Jupyter jupyter;

    @BeforeAll
    static void install() throws Exception {
        jupyter = Jupyter.install("marketlab-it");
    }

    @Test
    void kernelspecIsListedWithLogoAndArchive() throws Exception {
        var r = jupyter.run(java.util.List.of(jupyter.venvBin.resolve("jupyter").toString(), "kernelspec", "list"), jupyter.root, 60);
        assertTrue(r.output().contains("marketlab-it"), r.output());
        Path spec = jupyter.prefix.resolve("share/jupyter/kernels/marketlab-it");
        assertTrue(Files.isRegularFile(spec.resolve("logo-64x64.png")));
        String json = Files.readString(spec.resolve("kernel.json"));
        assertTrue(json.contains("\"interrupt_mode\": \"message\"") && json.contains("java.awt.headless=true"), json);
        assertTrue(Files.isRegularFile(spec.resolve("marketlab.jsa")), "class-data-sharing archive made at install");
        assertTrue(Files.isRegularFile(spec.resolve(CompileJar.NAME)), "the compile jar JShell's compiler starts on, written at install");
        assertEquals(Installer.PROVIDER_ORDER, Files.readString(spec.resolve(Installer.PROVIDERS)), "the providers' order kernel.json names");
        assertTrue(json.contains("-Djava.security.properties=" + spec + "/" + Installer.PROVIDERS)
                || json.contains("-Djava.security.properties={resource_dir}/" + Installer.PROVIDERS), json);
    }

    @Test
    void everyReadyNotebookRunsCleanWithTablesAndChartsAndLeaksNoSecret() throws Exception {
        Path credentials = Files.createTempDirectory("marketlab-credentials");
        var r = jupyter.run(jupyter.python("-m", "unittest", "-v", "test_notebooks"),
                jupyter.root.resolve("kernel/src/test/python"), 1200, java.util.Map.of("MARKETLAB_CREDENTIALS_DIR", credentials.toString()));
        System.out.println(r.output());
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("\nOK"), r.output());
        // The kernels' logs (their stderr is in this output) hold none of the proxy keys or secrets they created.
        int scanned = 0;
        try (var files = Files.walk(credentials)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                var c = new com.fasterxml.jackson.databind.ObjectMapper().readTree(f.toFile());
                for (String secret : java.util.List.of(c.path("secret").asText(), c.path("privateKey").asText().replace("0x", ""),
                        c.path("passphrase").asText())) {
                    if (secret.isEmpty()) continue; // a perpetuals proxy has no passphrase, order-book credentials no private key
                    assertTrue(secret.length() >= 16);
                    assertTrue(!r.output().contains(secret), "a secret appears in the logs");
                    scanned++;
                }
            }
        }
        assertTrue(scanned >= 2, "the account review stored credentials to scan for");
    }

    @Test
    void aNotebookRecordedOnTheSandboxReplaysOfflineIdentically() throws Exception {
        var r = jupyter.run(jupyter.python("-m", "unittest", "-v", "test_replay"), jupyter.root.resolve("kernel/src/test/python"), 900);
        System.out.println(r.output());
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("\nOK") && r.output().contains("replayed 6 cells identically"), r.output());
    }

    @Test
    void everyJavaExampleOfTheReadmeRunsAsPasted() throws Exception {
        var r = jupyter.run(jupyter.python("-m", "unittest", "-v", "test_readme"),
                jupyter.root.resolve("kernel/src/test/python"), 900, java.util.Map.of("MARKETLAB_CREDENTIALS_DIR", Files.createTempDirectory("marketlab-credentials").toString()));
        System.out.println(r.output());
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("\nOK") && r.output().contains("README block 2 ran"), r.output());
    }

    @Test
    void conformanceInterruptTimeoutAndNotebook() throws Exception {
        var r = jupyter.run(jupyter.python("-m", "unittest", "-v", "test_kernel"),
                jupyter.root.resolve("kernel/src/test/python"), 900);
        System.out.println(r.output());
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("\nOK"), r.output());
    }
}
