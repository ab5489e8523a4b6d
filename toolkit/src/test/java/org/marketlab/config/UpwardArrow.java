package org.marketlab.config;

/** A deliberate upward arrow (config calling a facade), for {@code ArchitectureTest} to catch. Test code only. */
public final class UpwardArrow {

    private UpwardArrow() {
    }

    public static Object reachUp() {
        return org.marketlab.MarketLab.profile();
    }
}
