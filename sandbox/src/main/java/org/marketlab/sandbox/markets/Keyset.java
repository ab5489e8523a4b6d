package org.marketlab.sandbox.markets;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.route.Params;
import org.marketlab.sandbox.world.World;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The market-data host's cursor paging ({@code /events/keyset}, {@code /markets/keyset}, {@code /comments/keyset}):
 * {@code {<items>: [...], next_cursor}} with {@code next_cursor} left out on the last page; the cursor is opaque to
 * clients (a cursor this server did not give is a 422) and paging by it has no depth cap.
 */
final class Keyset {

    private Keyset() {
    }

    /** Where {@code after_cursor} points: 0 without one. */
    static int offset(Params p) {
        String cursor = p.string("after_cursor");
        if (cursor == null) return 0;
        try {
            String s = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            int from = s.startsWith("k1:") ? Integer.parseInt(s.substring(3)) : -1;
            if (from >= 0) return from;
        } catch (IllegalArgumentException notOurs) {
            // refused below
        }
        throw p.invalid("after_cursor", cursor, "a cursor this server gave (the next_cursor of the page before)");
    }

    /** The cursor of the page starting at {@code offset}. */
    static String cursor(long offset) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(("k1:" + offset).getBytes(StandardCharsets.UTF_8));
    }

    /** A page of {@code items} read from {@code offset} (up to {@code limit}) of {@code total} rows. */
    static ObjectNode page(String name, ArrayNode items, long offset, int limit, int total) {
        ObjectNode out = World.JSON.objectNode();
        out.set(name, items);
        long to = offset + items.size();
        if (to < total && !items.isEmpty()) out.put("next_cursor", cursor(to));
        return out;
    }
}
