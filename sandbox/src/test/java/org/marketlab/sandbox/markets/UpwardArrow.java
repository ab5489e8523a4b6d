package org.marketlab.sandbox.markets;

import org.marketlab.sandbox.Sandbox;

/** Planted for SandboxArchitectureTest: a host class that reaches the assembly. Never used. */
public final class UpwardArrow {

    private UpwardArrow() {
    }

    static Sandbox reach() {
        return Sandbox.builder().build();
    }
}
