package org.marketlab.kernel;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InstallerTest {

    @Test
    void kernelJsonNamesTheArchiveOnlyWhenThereIsOne() {
        String without = Installer.kernelJson(false);
        String with = Installer.kernelJson(true);
        for (String json : new String[]{without, with}) {
            assertTrue(json.contains("\"-Djava.awt.headless=true\""), json);
            assertTrue(json.contains("\"{resource_dir}/marketlab-kernel.jar\", \"{connection_file}\""), json);
            assertTrue(json.contains("\"interrupt_mode\": \"message\""), json);
            assertTrue(json.contains("\"display_name\": \"Java (MarketLab)\""), json);
            assertTrue(json.contains("\"-Djava.security.properties={resource_dir}/providers.security\""), json);
        }
        assertFalse(without.contains("SharedArchiveFile"), without);
        assertTrue(with.contains("-XX:SharedArchiveFile={resource_dir}/marketlab.jsa"), with);
    }

    /** The provider order the kernel starts with: SunJCE (which signs Jupyter messages) second, the others as the JDK has them. */
    @Test
    void theProviderOrderPutsSunJceSecondAndKeepsTheRest() throws Exception {
        java.util.Properties order = new java.util.Properties();
        order.load(new java.io.StringReader(Installer.PROVIDER_ORDER));
        assertEquals(List.of("SunJCE", "SunRsaSign", "SunEC", "SunJSSE"),
                List.of(order.getProperty("security.provider.2"), order.getProperty("security.provider.3"),
                        order.getProperty("security.provider.4"), order.getProperty("security.provider.5")));
        java.security.Provider[] jdk = java.security.Security.getProviders();
        java.util.Set<String> moved = java.util.Set.of("SunJCE", "SunRsaSign", "SunEC", "SunJSSE");
        for (int i = 1; i <= 4; i++) assertTrue(moved.contains(jdk[i].getName()), "the JDK's providers 2 to 5 are these four: " + jdk[i].getName());
        // No algorithm is offered by two of them: the order decides which is loaded first, never which one answers.
        java.util.Map<String, String> offeredBy = new java.util.HashMap<>();
        for (String name : moved) {
            for (java.security.Provider.Service service : java.security.Security.getProvider(name).getServices()) {
                String key = service.getType() + "." + service.getAlgorithm().toUpperCase(java.util.Locale.ROOT);
                String other = offeredBy.put(key, name);
                assertTrue(other == null || other.equals(name), key + " is offered by both " + other + " and " + name);
            }
        }
    }

    @Test
    void theInstalledFolderIsReadFromJupytersReport() {
        String log = "[InstallKernelSpec] WARNING | Installing to /tmp/p/share/jupyter/kernels, which is not in [...]\n"
                + "[InstallKernelSpec] Installed kernelspec ml-test in /tmp/p/share/jupyter/kernels/ml-test\n";
        assertEquals(Path.of("/tmp/p/share/jupyter/kernels/ml-test"), Installer.installedIn(log, "ml-test"));
        assertNull(Installer.installedIn(log, "other"));
    }

    @Test
    void logosAreDrawnAtTheirSize(@TempDir Path dir) throws Exception {
        for (int size : new int[]{32, 64}) {
            Path file = dir.resolve("logo-" + size + ".png");
            Installer.logo(file, size);
            BufferedImage img = ImageIO.read(file.toFile());
            assertEquals(size, img.getWidth());
            assertEquals(size, img.getHeight());
        }
    }
}
