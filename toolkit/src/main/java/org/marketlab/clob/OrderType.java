package org.marketlab.clob;

/**
 * How long an order lives: good till cancelled ({@code GTC}), good till a date ({@code GTD}), fill or kill
 * ({@code FOK}: filled whole at once or refused) and fill and kill ({@code FAK}: what matches at once, the rest
 * cancelled).
 */
public enum OrderType {
    GTC, GTD, FOK, FAK
}
