package org.marketlab;

import org.marketlab.config.Profile;
import org.marketlab.config.Progress;
import org.marketlab.http.Transport;
import org.marketlab.pacing.PacingStatus;

/**
 * The toolkit's settings: which service it talks to, and how it is pacing.
 *
 * <pre>{@code
 * MarketLab.use(Profile.live());          // the live service
 * MarketLab.use("sandbox");               // back to the embedded sandbox (the default)
 * MarketLab.pacing();                     // per-scope use of the published limits
 * }</pre>
 */
public final class MarketLab {

    private MarketLab() {
    }

    /** Makes {@code profile} the one every facade call uses from now on. */
    public static Profile use(Profile profile) {
        Transport.use(profile);
        return profile;
    }

    /** {@link #use(Profile)} by name: {@code sandbox} or {@code live} (with the environment's URL overrides). */
    public static Profile use(String profileName) {
        return use(Profile.named(profileName).withOverrides(System::getenv));
    }

    /** The profile in use. */
    public static Profile profile() {
        return Transport.current().profile();
    }

    /** How the current profile's requests are being paced, per limit scope. */
    public static PacingStatus pacing() {
        return Transport.current().pacer().status();
    }

    /** Sends progress reports of long tasks to {@code listener} (the kernel draws them as a bar). */
    public static void onProgress(Progress.Listener listener) {
        Progress.setDefaultListener(listener);
    }
}
