package org.marketlab.kernel.startup;

import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The file manager JShell's compiler reads classes through, with the class path it sees under the kernel's control.
 * JShell starts javac on the JVM's whole class path ({@code java.class.path}) and only ever adds to it; this keeps
 * javac on a small compile path instead (see {@link CompileJar}) plus whatever else was added (a user's
 * {@code %classpath}), until {@link #joinFullClassPath()}, after which javac sees what JShell asked for.
 */
public final class CompilePathFileManager extends ForwardingJavaFileManager<StandardJavaFileManager> implements StandardJavaFileManager {

    private static final Set<String> CLASS_PATH_OPTIONS = Set.of("-classpath", "-cp", "--class-path");

    private final List<String> compilePath;
    private final Set<String> fullPath;
    private volatile boolean joined;

    /** {@code compilePath} as a class path string; the JVM's class path is what it stands in for. */
    public CompilePathFileManager(StandardJavaFileManager delegate, String compilePath) {
        super(delegate);
        this.compilePath = entries(compilePath);
        this.fullPath = new LinkedHashSet<>(entries(System.getProperty("java.class.path")));
        try {
            delegate.setLocation(StandardLocation.CLASS_PATH, this.compilePath.stream().map(File::new).toList());
        } catch (IOException e) {
            throw new IllegalStateException("cannot compile against " + compilePath + ": " + e, e);
        }
    }

    /** From now on javac sees the class path JShell asks for (it is set at JShell's next addition to it). */
    public void joinFullClassPath() {
        joined = true;
    }

    @Override
    public boolean handleOption(String current, Iterator<String> remaining) {
        if (!CLASS_PATH_OPTIONS.contains(current) || !remaining.hasNext()) return super.handleOption(current, remaining);
        String requested = remaining.next();
        String effective = joined ? requested : effective(requested);
        return super.handleOption(current, List.of(effective).iterator());
    }

    /** The compile path, and what was asked for beyond the JVM's class path. */
    private String effective(String requested) {
        Set<String> out = new LinkedHashSet<>(compilePath);
        for (String e : entries(requested)) if (!fullPath.contains(e)) out.add(e);
        return String.join(File.pathSeparator, out);
    }

    private static List<String> entries(String path) {
        List<String> out = new ArrayList<>();
        if (path == null) return out;
        for (String e : path.split(File.pathSeparator)) if (!e.isBlank()) out.add(e);
        return out;
    }

    // ---- the rest of StandardJavaFileManager, forwarded --------------------------------------------------------

    @Override
    public boolean isSameFile(FileObject a, FileObject b) {
        return fileManager.isSameFile(a, b);
    }

    @Override
    public Iterable<? extends JavaFileObject> getJavaFileObjectsFromFiles(Iterable<? extends File> files) {
        return fileManager.getJavaFileObjectsFromFiles(files);
    }

    @Override
    public Iterable<? extends JavaFileObject> getJavaFileObjectsFromPaths(Collection<? extends Path> paths) {
        return fileManager.getJavaFileObjectsFromPaths(paths);
    }

    @Override
    @SuppressWarnings("deprecation")
    public Iterable<? extends JavaFileObject> getJavaFileObjectsFromPaths(Iterable<? extends Path> paths) {
        return fileManager.getJavaFileObjectsFromPaths(paths);
    }

    @Override
    public Iterable<? extends JavaFileObject> getJavaFileObjects(File... files) {
        return fileManager.getJavaFileObjects(files);
    }

    @Override
    public Iterable<? extends JavaFileObject> getJavaFileObjects(Path... paths) {
        return fileManager.getJavaFileObjects(paths);
    }

    @Override
    public Iterable<? extends JavaFileObject> getJavaFileObjectsFromStrings(Iterable<String> names) {
        return fileManager.getJavaFileObjectsFromStrings(names);
    }

    @Override
    public Iterable<? extends JavaFileObject> getJavaFileObjects(String... names) {
        return fileManager.getJavaFileObjects(names);
    }

    @Override
    public void setLocation(Location location, Iterable<? extends File> files) throws IOException {
        fileManager.setLocation(location, files);
    }

    @Override
    public void setLocationFromPaths(Location location, Collection<? extends Path> paths) throws IOException {
        fileManager.setLocationFromPaths(location, paths);
    }

    @Override
    public void setLocationForModule(Location location, String moduleName, Collection<? extends Path> paths) throws IOException {
        fileManager.setLocationForModule(location, moduleName, paths);
    }

    @Override
    public Iterable<? extends File> getLocation(Location location) {
        return fileManager.getLocation(location);
    }

    @Override
    public Iterable<? extends Path> getLocationAsPaths(Location location) {
        return fileManager.getLocationAsPaths(location);
    }

    @Override
    public Path asPath(FileObject file) {
        return fileManager.asPath(file);
    }

    @Override
    public void setPathFactory(PathFactory f) {
        fileManager.setPathFactory(f);
    }

    @Override
    public String toString() {
        return "CompilePathFileManager" + Arrays.asList(joined ? "whole class path" : String.join(File.pathSeparator, compilePath));
    }
}
