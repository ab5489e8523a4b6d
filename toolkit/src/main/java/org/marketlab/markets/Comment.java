package org.marketlab.markets;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A comment of {@code GET /comments}: on an event, a series or a market ({@code parentEntityType} and
 * {@code parentEntityID}), a reply when {@code parentCommentID} is set, written by {@code userAddress} whose
 * public {@link Profile} it carries.
 */
public record Comment(String id, String body, String parentEntityType,
                      @JsonProperty("parentEntityID") Long parentEntityId,
                      @JsonProperty("parentCommentID") String parentCommentId, String userAddress, String replyAddress,
                      Instant createdAt, Instant updatedAt, Profile profile, List<Map<String, Object>> reactions,
                      Integer reportCount, Integer reactionCount) {

    public Comment {
        reactions = Lists.copyMaps(reactions);
    }
}
