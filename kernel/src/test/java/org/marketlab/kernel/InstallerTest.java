package org.marketlab.kernel;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Path;

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
        }
        assertFalse(without.contains("SharedArchiveFile"), without);
        assertTrue(with.contains("-XX:SharedArchiveFile={resource_dir}/marketlab.jsa"), with);
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
