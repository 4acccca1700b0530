/* SPDX-License-Identifier: MIT */
/* xq-server's Glicko-2 (server/rating.c): Glickman's worked example, a game
 * between two new players, a period without games, the deviation's bounds,
 * the provisional mark and the deviation of migrated Elo ratings. */
#include "xq_test.h"

#include <math.h>

#include "rating.h"

/* Glickman, "Example of the Glicko-2 system" (2013): a 1500 player with RD 200
 * and volatility 0.06 beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a
 * 1700 (RD 300), tau 0.5: r' = 1464.06, RD' = 151.52, sigma' = 0.05999 (the
 * paper rounds its intermediate values; exact arithmetic gives 1464.0507). */
START_TEST(glickman_example)
{
    glicko p = {1500, 200, 0.06};
    glicko_game games[3] = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
    glicko out = glicko_update(p, games, 3, 0.5);
    ck_assert_double_eq_tol(out.rating, 1464.06, 0.02);
    ck_assert_double_eq_tol(out.deviation, 151.52, 0.01);
    ck_assert_double_eq_tol(out.volatility, 0.05999, 0.00001);
}
END_TEST

START_TEST(new_players)
{
    glicko red = {GLICKO_RATING_START, GLICKO_RD_START, GLICKO_VOL_START}, black = red;
    glicko_rate_game(&red, &black, 1.0);
    /* symmetric: what one wins the other loses, both deviations shrink alike */
    ck_assert(red.rating > 1600 && red.rating < 1700);
    ck_assert_double_eq_tol(red.rating - 1500, 1500 - black.rating, 1e-9);
    ck_assert_double_eq_tol(red.deviation, black.deviation, 1e-9);
    ck_assert(red.deviation < GLICKO_RD_START && red.deviation > GLICKO_PROVISIONAL_RD);
    /* a draw between equals moves no rating */
    glicko a = {1600, 80, 0.06}, b = a;
    glicko_rate_game(&a, &b, 0.5);
    ck_assert_double_eq_tol(a.rating, 1600, 1e-9);
    ck_assert_double_eq_tol(b.rating, 1600, 1e-9);
}
END_TEST

START_TEST(bounds)
{
    /* the deviation stays within [GLICKO_RD_MIN, GLICKO_RD_MAX] */
    glicko a = {1500, GLICKO_RD_MIN, 0.06}, b = {1500, GLICKO_RD_MIN, 0.06};
    for (int i = 0; i < 200; i++)
        glicko_rate_game(&a, &b, i % 3 == 0 ? 1.0 : i % 3 == 1 ? 0.0 : 0.5);
    ck_assert(a.deviation >= GLICKO_RD_MIN && b.deviation >= GLICKO_RD_MIN);
    ck_assert(isfinite(a.rating) && isfinite(b.rating) && isfinite(a.volatility));
    /* a period without games widens the deviation by the volatility (step 6) */
    glicko idle = {1500, 100, 0.06};
    glicko after = glicko_update(idle, NULL, 0, GLICKO_TAU);
    ck_assert_double_eq_tol(after.deviation, 173.7178 * sqrt(pow(100 / 173.7178, 2) + 0.0036),
                            1e-6);
    ck_assert_double_eq(after.rating, 1500);
    /* extreme mismatches stay finite */
    glicko strong = {3000, 45, 0.06}, weak = {500, 350, 0.2};
    glicko_rate_game(&strong, &weak, 0.0);
    ck_assert(isfinite(strong.rating) && isfinite(weak.rating));
    ck_assert(strong.rating < 3000 && weak.rating > 500);
}
END_TEST

START_TEST(provisional_and_migration)
{
    ck_assert(glicko_provisional(GLICKO_RD_START));
    ck_assert(glicko_provisional(GLICKO_PROVISIONAL_RD + 0.01));
    ck_assert(!glicko_provisional(GLICKO_PROVISIONAL_RD));
    ck_assert_double_eq(glicko_migrated_deviation(0), GLICKO_RD_START);
    ck_assert_double_eq(glicko_migrated_deviation(-5), GLICKO_RD_START);
    ck_assert_double_eq_tol(glicko_migrated_deviation(30), 62.4, 0.05);
    ck_assert_double_eq(glicko_migrated_deviation(100000), GLICKO_RD_MIN);
    double prev = GLICKO_RD_START + 1;
    for (int n = 0; n < 200; n++) { /* more games, a smaller deviation */
        double d = glicko_migrated_deviation(n);
        ck_assert(d <= prev);
        prev = d;
    }
}
END_TEST

/* The deviation grows with time away (Glickman's step 6 per rating period,
 * lichess's periods per day), and stays within its bounds. */
START_TEST(deviation_grows_with_inactivity)
{
    /* one period: phi = 50 / 173.7178, phi* = sqrt(phi^2 + 0.06^2) */
    double one = 1.0 / GLICKO_PERIODS_PER_DAY;
    ck_assert_double_eq_tol(glicko_inactive_deviation(50.0, 0.06, one), 51.0749, 0.001);
    /* ten periods at once is step 6 ten times */
    double phi = 50.0 / 173.7178;
    for (int i = 0; i < 10; i++)
        phi = sqrt(phi * phi + 0.06 * 0.06);
    ck_assert_double_eq_tol(glicko_inactive_deviation(50.0, 0.06, 10 * one), 173.7178 * phi, 1e-6);
    ck_assert_double_eq(glicko_inactive_deviation(50.0, 0.06, 0), 50.0);
    ck_assert_double_eq(glicko_inactive_deviation(50.0, 0.06, -3), 50.0);
    ck_assert_double_eq(glicko_inactive_deviation(50.0, 0.06, NAN), 50.0);
    ck_assert_double_eq(glicko_inactive_deviation(80.0, 0.06, 1e6), GLICKO_RD_MAX);
    ck_assert_double_eq(glicko_inactive_deviation(GLICKO_RD_MAX, 0.06, 30), GLICKO_RD_MAX);
    double prev = 45.0;
    for (int d = 1; d < 4000; d += 37) { /* longer away, less certain */
        double x = glicko_inactive_deviation(45.0, 0.06, d);
        ck_assert(x >= prev);
        prev = x;
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rating");
    TCase *tc = tcase_create("rating");
    tcase_add_test(tc, glickman_example);
    tcase_add_test(tc, new_players);
    tcase_add_test(tc, bounds);
    tcase_add_test(tc, provisional_and_migration);
    tcase_add_test(tc, deviation_grows_with_inactivity);
    suite_add_tcase(s, tc);
    return xq_test_run(s);
}
