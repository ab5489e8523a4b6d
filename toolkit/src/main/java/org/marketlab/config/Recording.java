package org.marketlab.config;

import java.nio.file.Path;

/**
 * What the toolkit does with its reads' answers: sends them live ({@code OFF}), keeps them in a folder as they come
 * ({@code RECORD}), or answers from a folder without the network ({@code REPLAY}).
 *
 * @param mode    OFF, RECORD or REPLAY
 * @param folder  the recording's folder (null when OFF)
 * @param answers answers in the folder: kept so far (RECORD) or available (REPLAY)
 */
public record Recording(Mode mode, Path folder, int answers) {

    public enum Mode { OFF, RECORD, REPLAY }

    @Override
    public String toString() {
        return switch (mode) {
            case OFF -> "not recording: reads go to the service";
            case RECORD -> "recording every read's answer to " + folder + " (owner-only files; no credentials, signatures or secret-bearing answers), "
                    + answers + " kept so far";
            case REPLAY -> "replaying " + answers + " recorded answer(s) from " + folder + ": no request leaves this machine; signed writes "
                    + "and secret-bearing calls are refused";
        };
    }
}
