/* SPDX-License-Identifier: MIT */
/* Glicko-2 ratings of rated games (rating.h). The steps are numbered as in
 * Glickman's "Example of the Glicko-2 system" (2013). */
#include <math.h>

#include "rating.h"

#define GLICKO_SCALE 173.7178 /* Glicko-2 scale: mu = (r - 1500) / 173.7178 */
#define GLICKO_ITERATIONS_MAX 100

#define GLICKO_PI 3.14159265358979323846

static double g_of(double phi) { return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (GLICKO_PI * GLICKO_PI)); }

static double expected(double mu, double mu_j, double phi_j)
{
    return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j)));
}

/* Step 5's function f(x). */
static double vol_f(double x, double delta, double phi, double v, double a, double tau)
{
    double ex = exp(x), d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double new_volatility(double sigma, double delta, double phi, double v, double tau)
{
    double a = log(sigma * sigma), A = a, B;
    if (delta * delta > phi * phi + v) {
        B = log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (vol_f(a - k * tau, delta, phi, v, a, tau) < 0 && k < GLICKO_ITERATIONS_MAX)
            k++;
        B = a - k * tau;
    }
    double fA = vol_f(A, delta, phi, v, a, tau), fB = vol_f(B, delta, phi, v, a, tau);
    for (int i = 0; fabs(B - A) > GLICKO_EPSILON && i < GLICKO_ITERATIONS_MAX; i++) {
        double C = A + (A - B) * fA / (fB - fA), fC = vol_f(C, delta, phi, v, a, tau);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2.0;
        }
        B = C;
        fB = fC;
    }
    return exp(A / 2.0);
}

glicko glicko_update(glicko player, const glicko_game *games, int n, double tau)
{
    /* step 2: to the Glicko-2 scale */
    double mu = (player.rating - GLICKO_RATING_START) / GLICKO_SCALE;
    double phi = player.deviation / GLICKO_SCALE;
    if (n <= 0) { /* step 6 alone: a period without games */
        player.deviation = sqrt(phi * phi + player.volatility * player.volatility) * GLICKO_SCALE;
        return player;
    }
    /* steps 3 and 4: the estimated variance v and improvement delta */
    double inv_v = 0, sum = 0;
    for (int j = 0; j < n; j++) {
        double mu_j = (games[j].rating - GLICKO_RATING_START) / GLICKO_SCALE;
        double phi_j = games[j].deviation / GLICKO_SCALE;
        double g = g_of(phi_j), e = expected(mu, mu_j, phi_j);
        inv_v += g * g * e * (1.0 - e);
        sum += g * (games[j].score - e);
    }
    double v = 1.0 / inv_v, delta = v * sum;
    /* step 5 */
    double sigma = new_volatility(player.volatility, delta, phi, v, tau);
    /* steps 6 and 7 */
    double phi_star = sqrt(phi * phi + sigma * sigma);
    double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    double mu_new = mu + phi_new * phi_new * sum;
    /* step 8: back to the rating scale */
    glicko out = {mu_new * GLICKO_SCALE + GLICKO_RATING_START, phi_new * GLICKO_SCALE, sigma};
    return out;
}

static double clamp_rd(double rd)
{
    return rd < GLICKO_RD_MIN ? GLICKO_RD_MIN : rd > GLICKO_RD_MAX ? GLICKO_RD_MAX : rd;
}

void glicko_rate_game(glicko *red, glicko *black, double score_red)
{
    glicko_game vs_black = {black->rating, black->deviation, score_red};
    glicko_game vs_red = {red->rating, red->deviation, 1.0 - score_red};
    glicko r = glicko_update(*red, &vs_black, 1, GLICKO_TAU);
    glicko b = glicko_update(*black, &vs_red, 1, GLICKO_TAU);
    r.deviation = clamp_rd(r.deviation);
    b.deviation = clamp_rd(b.deviation);
    *red = r;
    *black = b;
}

double glicko_migrated_deviation(int games)
{
    /* Glicko-1's deviation after n games against equals of the same
     * deviation: 1/RD^2 = 1/RD0^2 + n q^2 g^2 E(1-E), with E = 1/2 and g
     * taken as 1 (q = ln 10 / 400). */
    const double q = log(10.0) / 400.0;
    double n = games < 0 ? 0 : games;
    double rd = 1.0 / sqrt(1.0 / (GLICKO_RD_START * GLICKO_RD_START) + n * q * q * 0.25);
    return clamp_rd(rd);
}

int glicko_provisional(double deviation) { return deviation > GLICKO_PROVISIONAL_RD; }

double glicko_inactive_deviation(double deviation, double volatility, double days)
{
    if (!(days > 0) || deviation >= GLICKO_RD_MAX)
        return deviation;
    double phi = deviation / GLICKO_SCALE, periods = days * GLICKO_PERIODS_PER_DAY;
    double grown = GLICKO_SCALE * sqrt(phi * phi + periods * volatility * volatility);
    return grown > GLICKO_RD_MAX ? GLICKO_RD_MAX : grown < deviation ? deviation : grown;
}
