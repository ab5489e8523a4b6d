package org.marketlab.kernel.startup;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * The class path JShell's compiler starts with: a small jar beside the kernel jar holding the classes cells are
 * written against (the toolkit, sandbox and kernel, Tablesaw, XChart), the classes they name, and the supertypes of
 * all of these. javac indexes every entry of every jar on its class path before its first compile (about 0.2 CPU
 * seconds for the kernel jar's ~39,000 entries), so a jar of a few thousand entries makes the first cell cheaper.
 * The whole class path joins the compiler later ((the kernel's {@code CellEvaluator.joinFullClassPath})): while the kernel is
 * idle, before completion or inspection, or when a cell does not compile without it.
 */
public final class CompileJar {

    /** The file name, beside {@code marketlab-kernel.jar} in the kernelspec folder (written by the installer). */
    public static final String NAME = "marketlab-compile.jar";
    /** The packages cells are written against: all their classes go in. */
    static final List<String> ROOTS = List.of("org/marketlab/", "tech/tablesaw/", "org/knowm/xchart/");

    private static final Pattern DESCRIPTOR_CLASS = Pattern.compile("L([\\w/$]+)[;<]");

    private CompileJar() {
    }

    /** {@link #installed()} as a class path, or null. */
    public static String installedPath() {
        Path p = installed();
        return p == null ? null : p.toString();
    }

    /** The compile jar beside the jar this class was loaded from, if there is one; else null. */
    public static Path installed() {
        Path own = kernelJar();
        if (own == null) return null;
        Path jar = own.resolveSibling(NAME);
        return Files.isRegularFile(jar) ? jar : null;
    }

    /** The jar the kernel's classes were loaded from (null when they come from a folder, as in a build). */
    public static Path kernelJar() {
        try {
            var source = CompileJar.class.getProtectionDomain().getCodeSource();
            if (source == null) return null;
            Path own = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(own) ? own : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** Writes the compile jar of {@code kernelJar} to {@code out}; returns how many classes it holds. */
    public static int write(Path kernelJar, Path out) throws IOException {
        try (ZipFile zip = new ZipFile(kernelJar.toFile())) {
            Map<String, ZipEntry> classes = new HashMap<>();
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                ZipEntry z = e.nextElement();
                String n = z.getName();
                if (n.endsWith(".class") && !n.startsWith("META-INF/") && !n.endsWith("module-info.class")) {
                    classes.put(n.substring(0, n.length() - ".class".length()), z);
                }
            }
            Set<String> chosen = new TreeSet<>();
            Deque<String> supertypesToVisit = new ArrayDeque<>();
            for (String c : classes.keySet()) {
                if (ROOTS.stream().anyMatch(c::startsWith)) chosen.add(c);
            }
            // One step out: every class a root class names (its signatures' types among them).
            for (String c : List.copyOf(chosen)) {
                for (String ref : references(read(zip, classes.get(c))).names()) {
                    if (classes.containsKey(ref)) chosen.add(ref);
                }
            }
            // javac completes a class with its supertypes: they all go in.
            supertypesToVisit.addAll(chosen);
            while (!supertypesToVisit.isEmpty()) {
                String c = supertypesToVisit.pop();
                for (String s : references(read(zip, classes.get(c))).supertypes()) {
                    if (classes.containsKey(s) && chosen.add(s)) supertypesToVisit.push(s);
                }
            }
            Path tmp = out.resolveSibling(out.getFileName() + ".part");
            try (OutputStream os = Files.newOutputStream(tmp); ZipOutputStream jar = new ZipOutputStream(os)) {
                for (String c : chosen) {
                    ZipEntry e = classes.get(c);
                    jar.putNextEntry(new ZipEntry(e.getName()));
                    try (InputStream in = zip.getInputStream(e)) {
                        in.transferTo(jar);
                    }
                    jar.closeEntry();
                }
            }
            Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING);
            return chosen.size();
        }
    }

    private static byte[] read(ZipFile zip, ZipEntry e) throws IOException {
        try (InputStream in = zip.getInputStream(e)) {
            return in.readAllBytes();
        }
    }

    /** The classes a class file names (class constants and the types in its descriptors), and its supertypes. */
    public record References(Set<String> names, List<String> supertypes) {
    }

    public static References references(byte[] classFile) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        if (in.readInt() != 0xCAFEBABE) throw new IOException("not a class file");
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] classIndex = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> classIndex[i] = in.readUnsignedShort();
                case 8, 16, 19, 20 -> in.readUnsignedShort();
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++;
                }
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        Set<String> names = new TreeSet<>();
        for (int i = 1; i < count; i++) {
            if (classIndex[i] != 0) {
                String n = utf8[classIndex[i]];
                if (n != null && n.startsWith("[")) n = arrayElement(n);
                if (n != null) names.add(n);
            } else if (utf8[i] != null && utf8[i].indexOf('L') >= 0 && utf8[i].indexOf(';') > 0) {
                Matcher m = DESCRIPTOR_CLASS.matcher(utf8[i]);
                while (m.find()) names.add(m.group(1));
            }
        }
        in.readUnsignedShort(); // access
        in.readUnsignedShort(); // this
        List<String> supertypes = new java.util.ArrayList<>();
        int superIndex = in.readUnsignedShort();
        if (superIndex != 0) supertypes.add(utf8[classIndex[superIndex]]);
        int interfaces = in.readUnsignedShort();
        for (int i = 0; i < interfaces; i++) supertypes.add(utf8[classIndex[in.readUnsignedShort()]]);
        return new References(names, supertypes);
    }

    private static String arrayElement(String descriptor) {
        Matcher m = DESCRIPTOR_CLASS.matcher(descriptor);
        return m.find() ? m.group(1) : null;
    }
}
