package org.marketlab.sandbox.world;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.world.Questions.Frame;
import org.marketlab.sandbox.world.Questions.Plan;
import org.marketlab.sandbox.world.Questions.Shape;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Makes one event from its frame and its random stream: its plan (questions and how prices start), its price model
 * and what each market has traded, then its document and its markets' ({@link MarketMaker}). The steps draw from the
 * stream in a fixed order, so the event is the same whenever it is made.
 */
final class EventMaker {

    private static final String[] RECURRENCES = {"daily", "weekly", "monthly"};

    private final World world;
    private final int index;
    private final Instant now;
    private final long anchor;

    EventMaker(World world, int index) {
        this.world = world;
        this.index = index;
        this.now = world.now();
        this.anchor = World.minute(now);
    }

    World.Made make(SplittableRandom r, long id, long firstMarketId, Frame f) {
        boolean closed = !f.end().isAfter(now);
        Plan plan = plan(r, f);
        ModelSpec spec = spec(r, f, plan, closed);
        EventModel model = spec.build(world.assets(), world.bias());
        world.keep(index, model);
        ObjectNode e = header(r, id, f, plan, closed);
        flags(r, e, f, plan, closed);
        List<World.Token> sink = new ArrayList<>();
        MarketMaker mm = new MarketMaker(world, e, plan, model);
        mm.markets(r, firstMarketId, f, sink);
        figures(r, e, closed, mm.openInterest());
        tags(r, e, plan);
        series(r, e, f);
        extras(r, e, id, f, closed);
        return new World.Made(facts(e), List.copyOf(sink), spec);
    }

    private Plan plan(SplittableRandom r, Frame f) {
        double days = Math.max(0.25, (f.end().getEpochSecond() - f.created().getEpochSecond()) / 86_400.0);
        double level = Double.NaN;
        if (f.template().param() >= 0 && Questions.asset(f.template()) != null && isAsset(f)) {
            level = world.assets().level(Questions.asset(f.template()), World.minute(f.created()));
        }
        return Questions.plan(r, f, level, days);
    }

    private static boolean isAsset(Frame f) {
        return switch (f.template().form()) {
            case LADDER, BRACKET, UP_DOWN, ABOVE -> true;
            default -> false;
        };
    }

    // ---- the model -----------------------------------------------------------------------------------------------------

    /** The model's spec: its key, the news, how far beliefs move, exits, and what each market trades. */
    private ModelSpec spec(SplittableRandom r, Frame f, Plan plan, boolean closed) {
        long key = r.nextLong();
        long created = World.minute(f.created()), end = World.minute(f.end());
        double days = Math.max(0.25, (end - created) / 1440.0);
        // News every five days or so, a third of it in the last fifth of the life, where questions get answered. Most
        // items are small, one in four large (exponential sizes of two scales); together they move the log-odds about
        // as much as the walk does over the whole life, however long it is.
        int n = (int) Math.max(1, Math.min(300, Math.round(days / 5 * (0.5 + r.nextDouble()))));
        double scale = 0.7 + 0.8 * r.nextDouble(), unit = scale / Math.sqrt(n * 3.26);
        long[] news = new long[n];
        double[] sizes = new double[n];
        for (int k = 0; k < n; k++) {
            double u = k % 3 == 2 ? 0.8 + 0.2 * r.nextDouble() : r.nextDouble();
            news[k] = created + (long) (u * (end - created));
            sizes[k] = unit * (r.nextInt(4) == 0 ? 2.5 : 0.3) * -Math.log(1 - r.nextDouble());
        }
        Arrays.sort(news);
        int count = plan.items().size();
        long[] exits = exits(r, plan, created, end, closed);
        double[] volumes = volumes(r, f, plan, count);
        int asset = plan.asset() == null ? -1 : Assets.index(plan.asset());
        return new ModelSpec(plan.shape(), key, created, end, anchor, plan.start(), scale, news, sizes, plan.priors(),
                exits, asset, plan.strikes(), volumes);
    }

    /**
     * When outcomes of an open group were settled early (a candidate out of the race): one in twelve of those past
     * the two favourites, some time in the middle of the life before the anchor and the decision.
     */
    private long[] exits(SplittableRandom r, Plan plan, long created, long end, boolean closed) {
        int count = plan.items().size();
        long[] exits = new long[count];
        Arrays.fill(exits, Long.MAX_VALUE);
        if (plan.shape() != Shape.GROUP || closed || count < 4) return exits;
        long latest = Math.min(anchor, end - EventModel.horizon(created, end)) - 1440;
        long earliest = created + (end - created) / 5;
        for (int k = 2; k < count; k++) {
            boolean out = r.nextInt(12) == 0;
            if (out && latest > earliest) exits[k] = earliest + (long) (r.nextDouble() * (latest - earliest));
        }
        return exits;
    }

    /**
     * What each market has traded by the anchor: the event's total (log-normal, larger for the categories that trade
     * most, growing with the days traded), split among its markets, the likelier outcomes and the strikes nearest
     * the level trading more.
     */
    private double[] volumes(SplittableRandom r, Frame f, Plan plan, int count) {
        int family = Catalogue.CATEGORIES.indexOf(f.template().topicOf().category());
        double tradedDays = Math.max(0.25, (Math.min(f.end().getEpochSecond(), now.getEpochSecond()) - f.created().getEpochSecond()) / 86_400.0);
        double total = Math.exp(9 + 2.0 * r.nextGaussian()) * Catalogue.CATEGORY_VOLUME[family] * Math.sqrt(Math.min(1, tradedDays / 60));
        double[] w = new double[count];
        double sum = 0;
        for (int k = 0; k < count; k++) {
            double base = plan.priors() != null ? Math.sqrt(plan.priors()[k]) : plan.shape() == Shape.BELIEF || count == 1 ? 1
                    : Math.exp(-Math.pow((k - (count - 1) / 2.0) / Math.max(1, count / 3.0), 2));
            sum += w[k] = base * Math.exp(0.4 * r.nextGaussian());
        }
        for (int k = 0; k < count; k++) w[k] = total * w[k] / sum;
        return w;
    }

    // ---- the document --------------------------------------------------------------------------------------------------

    private ObjectNode header(SplittableRandom r, long id, Frame f, Plan plan, boolean closed) {
        String topic = f.template().topicOf().label();
        String category = f.template().topicOf().category();
        String slug = Docs.slug(plan.title()) + "-" + id;
        int markets = plan.items().size();
        ObjectNode e = Docs.object(Docs.EVENT);
        e.put("id", Long.toString(id));
        e.put("ticker", slug);
        e.put("slug", slug);
        e.put("title", plan.title());
        e.put("description", (markets > 1 ? "This event groups " + markets + " markets on " + topic + ". " : "")
                + plan.items().get(0).description());
        e.put("resolutionSource", r.nextInt(3) == 0 ? "" : "https://example.org/" + Docs.slug(topic));
        e.put("image", "https://img.sandbox.invalid/" + slug + ".png");
        e.put("icon", "https://img.sandbox.invalid/" + slug + "-icon.png");
        e.put("sortBy", r.nextBoolean() ? "price" : "volume");
        e.put("category", category);
        e.put("subcategory", topic);
        e.put("createdBy", "user-" + (1 + r.nextInt(40)));
        e.put("updatedBy", "user-" + (1 + r.nextInt(40)));
        if (r.nextInt(5) == 0) e.put("published_at", Docs.DB_TIME.format(f.created()));
        e.put("disqusThread", r.nextInt(4) == 0 ? "thread-" + id : null);
        // As on the live service: a neg-risk group's id ends in 00, and its markets' question ids in their index.
        e.put("negRiskMarketID", plan.negRisk() ? "0x" + World.hex(r, 62) + "00" : null);
        e.put("gmpChartMode", "default");
        // A few events carry no start date, and a few open ones no end date (open-ended), as on the live service.
        e.put("startDate", id % 67 == 0 ? null : Docs.iso(f.start()));
        e.put("creationDate", Docs.iso(f.created()));
        e.put("endDate", !closed && id % 101 == 0 ? null : Docs.iso(f.end()));
        e.put("createdAt", Docs.iso(f.created().minusSeconds(600)));
        double ageDays = (now.getEpochSecond() - f.created().getEpochSecond()) / 86_400.0;
        Instant closedAt = closed ? min(now, f.end().plusSeconds(r.nextInt(7200))) : null;
        e.put("updatedAt", Docs.iso(closed ? min(now, closedAt.plusSeconds(60))
                : now.minusSeconds(r.nextInt((int) Math.max(1, Math.min(86_400, ageDays * 86_400))))));
        if (closed) e.put("closedTime", Docs.iso(closedAt));
        if (category.equals("Sports")) e.put("startTime", Docs.iso(f.end().minusSeconds(3 * 3600)));
        if (closed) e.put("finishedTimestamp", Docs.iso(f.end()));
        e.put("deployingTimestamp", Docs.iso(f.created().plusSeconds(30)));
        return e;
    }

    private void flags(SplittableRandom r, ObjectNode e, Frame f, Plan plan, boolean closed) {
        int markets = plan.items().size();
        boolean archived = closed && r.nextInt(10) < 3;
        boolean sports = f.template().topicOf().category().equals("Sports");
        e.put("active", !archived);
        e.put("closed", closed);
        e.put("archived", archived);
        e.put("new", f.created().isAfter(now.minusSeconds(7 * 86_400)));
        e.put("featured", r.nextInt(33) == 0);
        e.put("restricted", r.nextInt(10) < 4);
        e.put("isTemplate", false);
        e.put("commentsEnabled", r.nextInt(10) > 0);
        e.put("enableOrderBook", true);
        e.put("negRisk", plan.negRisk());
        e.put("cyom", r.nextInt(50) == 0);
        e.put("showAllOutcomes", markets > 1);
        e.put("showMarketImages", markets > 1 && r.nextBoolean());
        e.put("automaticallyResolved", closed && r.nextBoolean());
        e.put("enableNegRisk", plan.negRisk());
        e.put("automaticallyActive", true);
        e.put("live", sports && !closed && Questions.isGame(f.template().form()) && r.nextInt(8) == 0);
        e.put("ended", closed);
        e.put("estimateValue", false);
        e.put("cantEstimate", false);
        e.put("pendingDeployment", false);
        e.put("deploying", false);
        if (plan.negRisk()) e.put("negRiskFeeBips", 0);
    }

    /** The event's figures: its markets' sums (volumes, open interest) and its own liquidity and counts. */
    private void figures(SplittableRandom r, ObjectNode e, boolean closed, double oi) {
        double volume = 0, v24 = 0, v1w = 0, v1m = 0, v1y = 0, liquidity = 0, competitive = 0;
        JsonNode markets = e.get("markets");
        for (JsonNode m : markets) {
            volume += m.get("volumeNum").asDouble();
            v24 += m.get("volume24hr").asDouble();
            v1w += m.get("volume1wk").asDouble();
            v1m += m.get("volume1mo").asDouble();
            v1y += m.get("volume1yr").asDouble();
            liquidity += m.get("liquidityNum").asDouble();
            competitive += m.get("competitive").asDouble();
        }
        e.put("liquidity", Docs.round2(liquidity));
        e.put("volume", Docs.round2(volume));
        e.put("openInterest", closed ? 0.0 : Docs.round2(oi));
        e.put("competitive", closed ? 0.0 : Docs.round4(competitive / markets.size()));
        e.put("volume24hr", Docs.round2(v24));
        e.put("volume1wk", Docs.round2(v1w));
        e.put("volume1mo", Docs.round2(v1m));
        e.put("volume1yr", Docs.round2(v1y));
        e.put("liquidityClob", Docs.round2(liquidity));
        e.put("commentCount", (int) Math.min(50_000, Math.exp(3 + 1.5 * r.nextGaussian()) * Math.sqrt(1 + volume / 1e5)));
        e.put("tweetCount", r.nextInt(200));
    }

    private void tags(SplittableRandom r, ObjectNode e, Plan plan) {
        ArrayNode out = World.JSON.arrayNode();
        Set<String> labels = new LinkedHashSet<>(plan.tags());
        for (String label : labels) out.add(Docs.copy(world.tagIndex().byLabel(label), Docs.TAG));
        e.set("tags", out);
    }

    /** Recurring questions belong to a series: daily ones, weekly price and game series, monthly figures. */
    private void series(SplittableRandom r, ObjectNode e, Frame f) {
        String rec = switch (f.template().form()) {
            case UP_DOWN, CITY_TEMP, APPROVAL -> "daily";
            case LADDER, BRACKET, ABOVE, GAME, TOTAL, SOCCER_GAME -> "weekly";
            case FED_DECISION, CPI, UNEMPLOYMENT, BEST_AI, LARGEST -> "monthly";
            default -> null;
        };
        if (rec == null || r.nextInt(3) == 0) {
            e.set("series", World.JSON.arrayNode());
            return;
        }
        int t = f.template().index();
        String name = f.template().topicOf().label() + " " + f.template().form().name().toLowerCase().replace('_', ' ');
        ObjectNode s = World.JSON.objectNode();
        // One series per template and recurrence: every event of it carries the same id, slug and title.
        s.put("id", Long.toString(9_000 + t * 3L + Arrays.asList(RECURRENCES).indexOf(rec)));
        s.put("slug", Docs.slug(name + " " + rec));
        s.put("title", name + " (" + rec + ")");
        s.put("recurrence", rec);
        s.put("active", true);
        e.set("series", World.JSON.arrayNode().add(s));
        e.put("seriesSlug", s.get("slug").asText());
    }

    private void extras(SplittableRandom r, ObjectNode e, long id, Frame f, boolean closed) {
        String category = f.template().topicOf().category();
        ObjectNode cat = World.JSON.objectNode();
        cat.put("id", Integer.toString(1 + Catalogue.CATEGORIES.indexOf(category)));
        cat.put("label", category);
        cat.put("slug", Docs.slug(category));
        e.set("categories", World.JSON.arrayNode().add(cat));
        e.set("collections", World.JSON.arrayNode());
        e.set("eventCreators", World.JSON.arrayNode());
        e.set("subEvents", World.JSON.arrayNode());
        if (category.equals("Sports")) e.put("eventWeek", 1 + r.nextInt(18));
        if (e.get("featured").asBoolean()) e.put("featuredOrder", 1 + r.nextInt(20));
        e.set("imageOptimized", image(r, id, "image"));
        e.set("iconOptimized", r.nextBoolean() ? image(r, id, "icon") : World.JSON.nullNode());
        ArrayNode chats = World.JSON.arrayNode();
        if (r.nextInt(20) == 0) {
            ObjectNode chat = chats.addObject();
            chat.put("id", "chat-" + id);
            chat.put("channelId", "c" + World.hex(r, 8));
            chat.put("live", !closed);
        }
        e.set("chats", chats);
        ArrayNode templates = World.JSON.arrayNode();
        if (r.nextInt(25) == 0) {
            ObjectNode tmpl = templates.addObject();
            tmpl.put("id", "tmpl-" + id);
            tmpl.put("name", f.template().topicOf().label() + " template");
        }
        e.set("templates", templates);
    }

    private ObjectNode image(SplittableRandom r, long id, String field) {
        ObjectNode o = Docs.object(Docs.IMAGE);
        o.put("id", Long.toString(700_000 + id * 3 + (field.equals("icon") ? 1 : 0)));
        o.put("imageUrlSource", "https://img.sandbox.invalid/src/" + id + "-" + field + ".png");
        o.put("imageUrlOptimized", "https://img.sandbox.invalid/opt/" + id + "-" + field + ".webp");
        double kb = Docs.round2(20 + r.nextDouble() * 400);
        o.put("imageSizeKbSource", kb);
        o.put("imageSizeKbOptimized", Docs.round2(kb * (0.1 + r.nextDouble() * 0.3)));
        o.put("imageOptimizedComplete", true);
        o.put("imageOptimizedLastUpdated", Docs.iso(now.minusSeconds(r.nextInt(90) * 86_400L)));
        o.put("relID", (int) id);
        o.put("field", field);
        o.put("relname", "events");
        return o;
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    private static World.EventFacts facts(ObjectNode e) {
        Set<Long> tagIds = new LinkedHashSet<>();
        Set<String> tagSlugs = new LinkedHashSet<>();
        for (JsonNode t : e.get("tags")) {
            tagIds.add(Long.parseLong(t.get("id").asText()));
            tagSlugs.add(t.get("slug").asText());
        }
        Set<String> rec = new LinkedHashSet<>();
        for (JsonNode s : e.get("series")) rec.add(s.get("recurrence").asText());
        return new World.EventFacts(Long.parseLong(e.get("id").asText()), e.get("slug").asText(), tagIds, tagSlugs,
                World.bool(e, "active"), World.bool(e, "closed"), World.bool(e, "archived"), World.bool(e, "featured"),
                World.bool(e, "cyom"), World.num(e, "liquidity"), World.num(e, "volume"), World.time(e, "startDate"),
                World.time(e, "endDate"), rec, e);
    }
}
