package org.marketlab.sandbox.world;

/**
 * Counter-based random numbers: a draw is a pure function of a key and an index, so any point of a price path, a
 * volume profile or a trade tape can be computed on its own, in any order, and always comes out the same.
 */
public final class Hash {

    private Hash() {
    }

    /** The splitmix64 finaliser: a bijection of 64-bit values that spreads every input bit over the output. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A key derived from another and a salt: independent streams of one object (its path, its volume, its tape). */
    public static long key(long key, long salt) {
        return mix(key * 0x9E3779B97F4A7C15L + salt + 0x632BE59BD9B4E019L);
    }

    /** A uniform draw in [0, 1). */
    public static double unit(long key, long i) {
        return (mix(key ^ mix(i * 0xD1B54A32D192ED03L + 0x2545F4914F6CDD1DL)) >>> 11) * 0x1.0p-53;
    }

    /** A standard normal draw (Box-Muller on two uniforms of the same index). */
    public static double normal(long key, long i) {
        long h = mix(key ^ mix(i * 0xD1B54A32D192ED03L + 0x2545F4914F6CDD1DL));
        double u1 = ((h >>> 11) + 1) * 0x1.0p-53;
        double u2 = (mix(h) >>> 11) * 0x1.0p-53;
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }

    /**
     * A cheap draw of mean 0 and variance 1, close to normal (the sum of four uniform 16-bit parts of one hash,
     * rescaled): for the minute-level detail of a path, where millions are drawn and tails do not matter.
     */
    public static double quick(long key, long i) {
        long h = mix(key ^ mix(i * 0xD1B54A32D192ED03L + 0x2545F4914F6CDD1DL));
        double s = (h & 0xFFFF) + (h >>> 16 & 0xFFFF) + (h >>> 32 & 0xFFFF) + (h >>> 48 & 0xFFFF);
        return (s / 65_536.0 - 2) * 1.7320508075688772;
    }
}
