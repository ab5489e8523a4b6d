package org.marketlab.bench.planted;

import org.marketlab.config.Profile;
import org.marketlab.internal.transport.Transport;

/** A benchmark that takes an internal shortcut: {@code PublicApiOnlyTest} must refuse it. Never run. */
final class InternalShortcut {

    private InternalShortcut() {
    }

    static Object shortcut() {
        return Transport.of(Profile.sandbox());
    }
}
