package org.marketlab.sandbox.markets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Params;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.world.Lazy;
import org.marketlab.sandbox.world.World;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The market-data host's catalogue beside its listings: {@code GET /status} (the health check, {@code OK}),
 * {@code /sports} (the leagues), {@code /sports/market-types}, {@code /teams} and {@code /public-profile}.
 *
 * <p>Sports and teams follow the world's Sports topic: a sport is a league tag of that topic (its {@code tags} names
 * the Sports tag and its own, {@code series} the league's series), and the teams of a league are the sides its events
 * set against each other ("A vs. B"), ordered by name, with a win-loss record drawn from the seed. Sports played one
 * against one (tennis, golf, boxing, UFC, F1) have players, not teams. {@code /teams} filters by {@code league},
 * {@code name}, {@code abbreviation} (repeated) and pages by {@code limit}/{@code offset} as the listings do.
 *
 * <p>Public profiles: the commenters the world has, by their wallet; and the demo wallets that trade through a proxy
 * wallet, whose profile names that wallet ({@code proxyWallet}), as the live service maps an app account's signer to
 * its funder. Any other address has none (404).
 */
public final class CatalogApi implements RouteModule {

    static final Set<String> INDIVIDUAL = Set.of("Tennis", "Golf", "Boxing", "UFC", "F1");
    private static final Pattern VERSUS = Pattern.compile("([A-Z][\\w.]*(?: [A-Z][\\w.]*)*) vs\\. ([A-Z][\\w.]*(?: [A-Z][\\w.]*)*)");
    private static final List<String> MARKET_TYPES = List.of("moneyline", "spreads", "totals", "both_teams_to_score", "first_half_moneyline",
            "player_props", "futures");

    private final World world;
    private final DiscoveryApi discovery;
    private final Lazy<Map<String, String>> proxies;
    private final Lazy<Catalogue> catalogue;

    /** A league and its teams. */
    private record League(ObjectNode sport, List<ObjectNode> teams) {
    }

    private record Catalogue(List<League> leagues) {
    }

    /**
     * @param proxies the signers that trade through a proxy wallet, lower case, to that wallet (the demo wallets'
     *                mapping, which the sandbox's other hosts share)
     */
    public CatalogApi(World world, DiscoveryApi discovery, java.util.function.Supplier<Map<String, String>> proxies) {
        this.world = world;
        this.discovery = discovery;
        this.proxies = new Lazy<>(() -> Map.copyOf(proxies.get()));
        this.catalogue = new Lazy<>(this::build);
    }

    @Route("GET /status")
    private void status(Context ctx) {
        ctx.contentType("text/plain").result("OK");
    }

    @Route("GET /sports")
    private void sports(Context ctx) {
        ArrayNode out = World.JSON.arrayNode();
        for (League l : catalogue.get().leagues()) out.add(l.sport());
        Json.send(ctx, out);
    }

    @Route("GET /sports/market-types")
    private void marketTypes(Context ctx) {
        ObjectNode out = World.JSON.objectNode();
        ArrayNode types = out.putArray("marketTypes");
        MARKET_TYPES.forEach(types::add);
        Json.send(ctx, out);
    }

    @Route("GET /teams")
    private void teams(Context ctx) {
        Listing.Page at = Listing.page(ctx, "");
        Params p = at.params();
        Set<String> leagues = lower(p.list("league"));
        Set<String> names = lower(p.list("name"));
        Set<String> abbreviations = lower(p.list("abbreviation"));
        List<String> order = p.order("order", List.of("id", "name", "league", "abbreviation"), "Team");
        boolean ascending = !Boolean.FALSE.equals(p.bool("ascending"));
        List<ObjectNode> rows = new ArrayList<>();
        for (League l : catalogue.get().leagues()) {
            for (ObjectNode t : l.teams()) {
                if (!leagues.isEmpty() && !leagues.contains(t.get("league").asText().toLowerCase(Locale.ROOT))) continue;
                if (!names.isEmpty() && !names.contains(t.get("name").asText().toLowerCase(Locale.ROOT))) continue;
                if (!abbreviations.isEmpty() && !abbreviations.contains(t.get("abbreviation").asText().toLowerCase(Locale.ROOT))) continue;
                rows.add(t);
            }
        }
        rows = Listing.sorted(rows, order, ascending, t -> t, t -> t.get("id").asLong());
        ArrayNode out = World.JSON.arrayNode();
        for (ObjectNode t : at.of(rows)) out.add(t);
        Json.send(ctx, out);
    }

    @Route("GET /public-profile")
    private void profile(Context ctx) {
        Params p = Params.of(ctx, Listing.REFUSED);
        String address = p.matching("address", Pattern.compile("0x[0-9a-fA-F]{40}"), "a 0x-prefixed address of 40 hex digits");
        if (address == null) throw p.missing("address", "a 0x-prefixed address of 40 hex digits");
        String a = address.toLowerCase(Locale.ROOT);
        String proxy = proxies.get().get(a);
        if (proxy == null && proxies.get().containsValue(a)) proxy = a;
        if (proxy != null) {
            ObjectNode o = World.JSON.objectNode();
            o.put("createdAt", world.now().minusSeconds(400L * 86_400).toString());
            o.put("proxyWallet", proxy);
            o.putNull("profileImage");
            o.put("displayUsernamePublic", false);
            o.putNull("bio");
            o.put("pseudonym", "Sandbox-Demo-" + proxy.substring(2, 8));
            o.putNull("name");
            o.putArray("users").addObject().put("id", Long.toString(Long.parseLong(proxy.substring(2, 9), 16))).put("creator", false).put("mod", false);
            o.putNull("xUsername");
            o.put("verifiedBadge", false);
            Json.send(ctx, o);
            return;
        }
        for (ObjectNode pr : discovery.d().profiles()) {
            if (pr.path("proxyWallet").asText().equalsIgnoreCase(a)) {
                ObjectNode o = World.JSON.objectNode();
                o.set("createdAt", pr.get("createdAt"));
                o.set("proxyWallet", pr.get("proxyWallet"));
                o.set("profileImage", pr.get("profileImage"));
                o.set("displayUsernamePublic", pr.get("displayUsernamePublic"));
                o.set("bio", pr.get("bio"));
                o.set("pseudonym", pr.get("pseudonym"));
                o.set("name", pr.get("name"));
                o.putArray("users").addObject().put("id", pr.path("id").asText()).put("creator", pr.path("isCreator").asBoolean(false))
                        .put("mod", pr.path("isMod").asBoolean(false));
                o.putNull("xUsername");
                o.put("verifiedBadge", false);
                Json.send(ctx, o);
                return;
            }
        }
        throw Refusal.notFound("profile not found");
    }

    // ---- the catalogue -------------------------------------------------------------------------------------------

    private Catalogue build() {
        ObjectNode sports = null;
        for (ObjectNode t : world.tags()) if (t.get("label").asText().equals("Sports")) sports = t;
        List<League> out = new ArrayList<>();
        if (sports == null) return new Catalogue(out);
        long sportsId = Long.parseLong(sports.get("id").asText());
        List<ObjectNode> leagueTags = new ArrayList<>();
        for (ObjectNode t : world.tags()) {
            long id = Long.parseLong(t.get("id").asText());
            if (id != sportsId && world.relatedTags(sportsId).contains(id)) leagueTags.add(t);
        }
        leagueTags.sort(Comparator.comparingLong(t -> Long.parseLong(t.get("id").asText())));
        Map<Long, Set<String>> sides = new LinkedHashMap<>();
        for (World.EventFacts e : world.events()) {
            for (ObjectNode t : leagueTags) {
                long id = Long.parseLong(t.get("id").asText());
                if (!e.tagIds().contains(id) || INDIVIDUAL.contains(t.get("label").asText())) continue;
                Set<String> s = sides.computeIfAbsent(id, k -> new TreeSet<>());
                collect(e.document().path("title").asText(""), s);
                for (JsonNode m : e.document().path("markets")) collect(m.path("question").asText(""), s);
            }
        }
        int sportNo = 0;
        long teamNo = 1;
        for (ObjectNode t : leagueTags) {
            sportNo++;
            long tagId = Long.parseLong(t.get("id").asText());
            String label = t.get("label").asText();
            String slug = t.get("slug").asText();
            ObjectNode sport = World.JSON.objectNode();
            sport.put("id", sportNo);
            sport.put("sport", slug);
            sport.put("name", label);
            sport.put("image", "https://sandbox.marketlab.invalid/sports/" + slug + ".png");
            sport.put("resolution", "https://sandbox.marketlab.invalid/sports/" + slug + "/results");
            sport.put("ordering", INDIVIDUAL.contains(label) ? "home" : "away");
            sport.put("tags", sportsId + "," + tagId);
            sport.put("series", seriesOf(tagId));
            sport.put("createdAt", world.now().minusSeconds(700L * 86_400).toString());
            List<ObjectNode> teams = new ArrayList<>();
            for (String name : sides.getOrDefault(tagId, Set.of())) {
                java.util.SplittableRandom r = new java.util.SplittableRandom(world.seed() * 31 + name.hashCode() * 7L + tagId);
                int wins = r.nextInt(60), losses = r.nextInt(60);
                ObjectNode team = World.JSON.objectNode();
                team.put("id", teamNo++);
                team.put("name", name);
                team.put("league", slug);
                team.put("record", wins + "-" + losses);
                team.put("logo", "https://sandbox.marketlab.invalid/teams/" + name.toLowerCase(Locale.ROOT).replace(' ', '-') + ".png");
                team.put("abbreviation", abbreviation(name));
                team.put("alias", name.substring(name.lastIndexOf(' ') + 1));
                team.put("createdAt", world.now().minusSeconds(700L * 86_400).toString());
                team.put("updatedAt", world.now().toString());
                team.put("providerId", 100_000 + teamNo);
                team.put("color", String.format("#%06x", r.nextInt(0x1000000)));
                teams.add(team);
            }
            out.add(new League(sport, teams));
        }
        return new Catalogue(out);
    }

    /** The ids of the series whose events carry the league's tag, comma-separated (empty when none does). */
    private String seriesOf(long tagId) {
        List<String> ids = new ArrayList<>();
        for (Discovery.SeriesFacts s : discovery.d().series()) {
            if (!s.events().isEmpty() && s.events().get(0).tagIds().contains(tagId)) ids.add(Long.toString(s.id()));
        }
        return String.join(",", ids);
    }

    private static void collect(String text, Set<String> into) {
        Matcher m = VERSUS.matcher(text);
        while (m.find()) {
            into.add(m.group(1));
            into.add(m.group(2));
        }
    }

    /** The initials of a team's words, three letters at most ("Boston Lions" gives BOL). */
    private static String abbreviation(String name) {
        String[] words = name.split(" ");
        String first = words[0].replaceAll("[^A-Za-z]", "");
        String last = words[words.length - 1].replaceAll("[^A-Za-z]", "");
        return (first.substring(0, Math.min(2, first.length())) + last.charAt(0)).toUpperCase(Locale.ROOT);
    }

    private static Set<String> lower(Set<String> values) {
        Set<String> out = new java.util.HashSet<>();
        for (String v : values) out.add(v.toLowerCase(Locale.ROOT));
        return out;
    }
}
