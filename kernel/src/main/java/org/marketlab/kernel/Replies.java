package org.marketlab.kernel;

import org.dflib.jjava.jupyter.kernel.HelpLink;
import org.dflib.jjava.jupyter.kernel.LanguageInfo;
import org.dflib.jjava.jupyter.kernel.history.HistoryEntry;
import org.dflib.jjava.jupyter.messages.reply.HistoryReply;
import org.dflib.jjava.jupyter.messages.reply.KernelInfoReply;

import org.dflib.jjava.jupyter.messages.ContentType;
import org.dflib.jjava.jupyter.messages.MessageType;
import org.dflib.jjava.jupyter.messages.ReplyType;
import org.dflib.jjava.jupyter.messages.request.HistoryRequest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Replies with the {@code status} field the messaging specification requires (jupyter_client 8 validates it)
 * and jjava-jupyter 1.0-a6's reply classes leave out.
 */
final class Replies {

    private Replies() {
    }

    static final class KernelInfo extends KernelInfoReply {
        @SuppressWarnings("unused") // serialised
        private final String status = "ok";

        KernelInfo(String protocolVersion, String name, String version, LanguageInfo info, String banner, List<HelpLink> links) {
            super(protocolVersion, name, version, info, banner, links);
        }
    }

    /** History as the specification writes it: {@code [session, line, input]} or {@code [session, line, [input, output]]}. */
    static final class History implements ContentType<History>, ReplyType<HistoryRequest> {
        @SuppressWarnings("unused") // serialised
        private final String status = "ok";
        @SuppressWarnings("unused") // serialised
        private final List<List<Object>> history = new ArrayList<>();

        History(List<HistoryEntry> entries, boolean withOutput) {
            for (HistoryEntry e : entries) {
                Object cell = withOutput ? Arrays.asList(e.getInput(), e.getOutput()) : e.getInput();
                history.add(Arrays.asList(e.getSession(), e.getCellNumber(), cell));
            }
        }

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public MessageType<History> getType() {
            return (MessageType) MessageType.HISTORY_REPLY; // the wire type is history_reply; only the body differs
        }

        @Override
        public MessageType<HistoryRequest> getRequestType() {
            return MessageType.HISTORY_REQUEST;
        }
    }
}
