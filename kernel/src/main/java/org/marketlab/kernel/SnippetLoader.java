package org.marketlab.kernel;

import jdk.jshell.execution.LoaderDelegate;
import jdk.jshell.spi.ExecutionControl;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSource;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Loads the classes JShell compiles from the snippets, in the kernel's own JVM, with the kernel's class loader
 * as parent: a snippet's {@code Table} is the renderer's {@code Table}. Jars added with {@code %classpath} are
 * searched after the parent.
 */
final class SnippetLoader implements LoaderDelegate {

    private final Loader loader;
    private final Map<String, Class<?>> loaded = new ConcurrentHashMap<>();

    SnippetLoader(ClassLoader parent) {
        this.loader = new Loader(parent);
    }

    ClassLoader classLoader() {
        return loader;
    }

    private static final class Loader extends URLClassLoader {
        private final Map<String, byte[]> bytes = new ConcurrentHashMap<>();

        Loader(ClassLoader parent) {
            super(new URL[0], parent);
        }

        void declare(String name, byte[] code) {
            bytes.put(name, code);
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] b = bytes.get(name);
            if (b == null) return super.findClass(name);
            return defineClass(name, b, 0, b.length, (CodeSource) null);
        }

        void add(URL url) {
            addURL(url);
        }
    }

    @Override
    public void load(ExecutionControl.ClassBytecodes[] cbcs) throws ExecutionControl.ClassInstallException {
        boolean[] installed = new boolean[cbcs.length];
        for (ExecutionControl.ClassBytecodes c : cbcs) loader.declare(c.name(), c.bytecodes());
        for (int i = 0; i < cbcs.length; i++) {
            try {
                Class<?> cls = loader.loadClass(cbcs[i].name());
                cls.getDeclaredMethods(); // link now, so errors surface here
                loaded.put(cbcs[i].name(), cls);
                installed[i] = true;
            } catch (ClassNotFoundException | LinkageError e) {
                throw new ExecutionControl.ClassInstallException("could not load " + cbcs[i].name() + ": " + e, installed);
            }
        }
    }

    @Override
    public void classesRedefined(ExecutionControl.ClassBytecodes[] cbcs) {
        // JShell replaces a redefined snippet class by loading a new one; nothing to track.
    }

    @Override
    public void addToClasspath(String path) throws ExecutionControl.InternalException {
        for (String p : path.split(File.pathSeparator)) {
            if (p.isBlank()) continue;
            try {
                loader.add(new File(p).toURI().toURL());
            } catch (MalformedURLException e) {
                throw new ExecutionControl.InternalException("not a class path entry: " + p);
            }
        }
    }

    @Override
    public Class<?> findClass(String name) throws ClassNotFoundException {
        Class<?> c = loaded.get(name);
        return c != null ? c : loader.loadClass(name);
    }
}
