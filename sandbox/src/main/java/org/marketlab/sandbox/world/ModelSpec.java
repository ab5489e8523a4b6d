package org.marketlab.sandbox.world;

/**
 * What an event's price model is made from, kept with the event so that the model (its walks and flows, the heavy
 * part) can be dropped and built again, the same, when its prices are asked for later.
 *
 * @param shape   which model
 * @param key     the model's own random key
 * @param created when its markets opened (epoch minute)
 * @param end     when they end (epoch minute)
 * @param anchor  the world's anchor (epoch minute)
 * @param start   a belief's opening price
 * @param scale   a belief's or a group's volatility over the whole life (log-odds)
 * @param news    the event's news minutes (sorted) and {@code sizes} their sizes
 * @param priors  a group's opening shares
 * @param exits   when each outcome of a group was settled early ({@link Long#MAX_VALUE}: never)
 * @param asset   an asset question's asset (index in {@link Assets#ALL}), or -1
 * @param strikes an asset question's strikes (a ladder's, a bracket's inner edges, up-or-down's starting level)
 * @param volumes what each market has traded by the anchor, USDC
 */
record ModelSpec(Questions.Shape shape, long key, long created, long end, long anchor, double start, double scale,
                 long[] news, double[] sizes, double[] priors, long[] exits, int asset, double[] strikes, double[] volumes) {

    EventModel build(Assets assets, Bias bias) {
        return switch (shape) {
            case BELIEF -> new SingleModel(key, created, end, anchor, bias, start, scale, news, sizes, volumes[0]);
            case GROUP -> new GroupModel(key, created, end, anchor, bias, priors, scale, news, sizes, exits, volumes);
            case LADDER -> new AssetModel(key, created, end, anchor, bias, assets, Assets.ALL.get(asset), AssetModel.Shape.LADDER, strikes, volumes);
            case BRACKET -> new AssetModel(key, created, end, anchor, bias, assets, Assets.ALL.get(asset), AssetModel.Shape.BRACKET, strikes, volumes);
            case UP_DOWN -> new AssetModel(key, created, end, anchor, bias, assets, Assets.ALL.get(asset), AssetModel.Shape.UP_DOWN, strikes, volumes);
        };
    }
}
