package org.marketlab.sandbox.route;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The route a handler method answers, declared on the handler itself: {@code @Route("GET /v2/trades")}. The value is
 * the HTTP method ({@code GET}, {@code POST}, {@code PUT}, {@code PATCH}, {@code DELETE}), one space and the path, with
 * path parameters as {@code {name}}. The method takes the {@link io.javalin.http.Context}, and, when it reads the
 * request's parameters, their {@link Params} (refusing a bad one with 400) after it; it returns nothing. One
 * method may carry several routes (two paths of one answer). {@link Routes#add} registers every marked method of an
 * object, so a module lists no routes of its own: see {@link RouteModule}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@Repeatable(Route.All.class)
public @interface Route {

    /** The method and the path, e.g. {@code "POST /orders-scoring"}. */
    String value();

    /** The container of a method's several routes (written by the compiler for repeated {@code @Route}s). */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @interface All {
        Route[] value();
    }
}
