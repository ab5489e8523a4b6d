package org.marketlab.sandbox.world;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The reference assets move as much as docs/sandbox-world.md says: their stated annual volatility counts every move. */
class AssetsTest {

    @Test
    void aPathsRealisedVolatilityIsTheStatedOne() {
        long anchor = 29_000_000L;
        int days = 1_500;
        for (Assets.Asset asset : Assets.ALL) {
            double sum = 0;
            for (long seed = 1; seed <= 4; seed++) {
                Assets assets = Assets.of(seed, anchor);
                double s = 0, ss = 0, prev = Math.log(assets.level(asset, anchor - days * 1440L));
                for (int d = days - 1; d >= 0; d--) {
                    double cur = Math.log(assets.level(asset, anchor - d * 1440L)), r = cur - prev;
                    prev = cur;
                    s += r;
                    ss += r * r;
                }
                sum += Math.sqrt((ss / days - (s / days) * (s / days)) * 365);
            }
            double realised = sum / 4;
            System.out.printf("%-7s stated %.2f, realised over four seeds %.3f%n", asset.symbol(), asset.annualVolatility(), realised);
            assertEquals(asset.annualVolatility(), realised, 0.12 * asset.annualVolatility(), asset.symbol());
        }
    }
}
