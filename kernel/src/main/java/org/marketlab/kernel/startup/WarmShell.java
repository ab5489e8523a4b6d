package org.marketlab.kernel.startup;

/**
 * What the start-up warm-up asks of the kernel's JShell while no cell runs. Each call holds the shell's lock (the
 * shell object's monitor), so a user's request waits at most for one step.
 */
public interface WarmShell {

    /** Gives the compiler the whole class path (it starts on the small compile jar, {@link CompileJar}). */
    void joinFullClassPath();

    /** Compiles a typical first cell, and forgets it. */
    void compileTypicalCell();

    /** Lets JShell index the class path for completion, on a thread of its own. */
    void resumeIndexing();
}
