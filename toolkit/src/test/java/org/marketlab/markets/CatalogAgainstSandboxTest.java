package org.marketlab.markets;

import org.marketlab.pacing.RetryPolicy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.NotFoundException;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sports, teams and events by slug, read by the toolkit from the sandbox's market data. */
class CatalogAgainstSandboxTest {

    private static Sandbox sandbox;
    private static MarketData data;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(11).now(Instant.parse("2026-11-01T00:00:00Z")).build();
        var urls = sandbox.start();
        Transport t = Transport.create(Profile.sandbox(11).withUrl(Service.MARKETS, urls.get("markets").toString()), Clock.system(),
                new RetryPolicy(2, 3, Duration.ofMillis(10), Duration.ofMillis(50)));
        data = new MarketData(t);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void sportsAndTheirTeams() {
        List<Sport> sports = data.sports();
        assertFalse(sports.isEmpty(), "the world's Sports topic has leagues");
        List<Team> all = data.teams(null);
        int sum = 0;
        Set<Long> ids = new HashSet<>();
        for (Sport s : sports) {
            assertTrue(!s.sport().isEmpty() && !s.name().isEmpty() && s.tags() != null, s.toString());
            List<Team> league = data.teams(s.sport());
            for (Team t : league) {
                assertEquals(s.sport(), t.league());
                assertTrue(t.record().matches("\\d+-\\d+") && !t.abbreviation().isEmpty(), t.toString());
                assertTrue(ids.add(t.id()), "each team once");
            }
            sum += league.size();
        }
        assertEquals(all.size(), sum, "every team is in one league");
        assertTrue(sum > 0);
        assertTrue(data.teams("no-such-league").isEmpty());
    }

    @Test
    void anEventBySlugIsTheEventById() {
        Event byId = data.event(data.events().limit(1).list().get(0).id());
        Event bySlug = data.event(byId.slug());
        assertEquals(byId.id(), bySlug.id());
        assertEquals(byId.title(), bySlug.title());
        assertThrows(NotFoundException.class, () -> data.event("no-such-event-slug"));
    }
}
