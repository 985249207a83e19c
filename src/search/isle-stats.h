/* isle-stats.h — the statistics of a match between two players: an Elo
 * difference from a score with its confidence interval, and the sequential
 * probability ratio test (SPRT) that stops a match once the evidence is
 * enough, with the meaning cutechess-cli and fishtest give it.
 *
 * Pure C11 math (libm only); `critter-isle-cli tournament` reads the
 * settings from its command line (isle-cli-stats.h) and prints the
 * figures. */
#pragma once

#include <stdbool.h>

/* The logistic Elo difference that gives the expected score P (the share
 * of points of a game, 1 a win and ½ a draw), clamped away from 0 and 1
 * so a one-sided match still has a finite figure. */
double isle_elo (double p);

/* A match's results for player A: the mean score per game and the bounds
 * of its 95% confidence interval, all three as Elo differences. */
void isle_elo_interval (int wins, int draws, int losses,
                        double *elo, double *low, double *high);

/* An SPRT of H0 "A is at most ELO0 Elo stronger" against H1 "A is at least
 * ELO1 Elo stronger", in logistic Elo; ALPHA is the chance of accepting H1
 * when H0 holds, BETA of accepting H0 when H1 holds. */
typedef struct
{
  double elo0, elo1;
  double alpha, beta;
} IsleSprt;

typedef enum
{
  ISLE_SPRT_CONTINUE,
  ISLE_SPRT_H0,              /* H0 accepted: the LLR reached the lower bound */
  ISLE_SPRT_H1,              /* H1 accepted: the LLR reached the upper bound */
} IsleSprtVerdict;

/* True when SPRT's settings make a test: elo0 < elo1, 0 < alpha, beta
 * and alpha + beta < 1. */
bool isle_sprt_valid (const IsleSprt *sprt);

/* The log-likelihood ratio of H1 against H0 after WINS, DRAWS and LOSSES of
 * player A: the generalized likelihood ratio of the trinomial GSPRT,
 *
 *   LLR = max log L(p | score s1) − max log L(p | score s0)
 *
 * each maximum over the chances p of a win, a draw and a loss whose
 * expected score is that of elo1 (s1) or elo0 (s0). Exact at any number of
 * games, where fishtest's normal approximation of it overstates the
 * evidence of a few lopsided games. */
double isle_sprt_llr (const IsleSprt *sprt, int wins, int draws, int losses);

/* The stopping bounds: LOWER = log (β / (1 − α)) accepts H0, UPPER =
 * log ((1 − β) / α) accepts H1. */
void isle_sprt_bounds (const IsleSprt *sprt, double *lower, double *upper);

/* What an LLR decides. */
IsleSprtVerdict isle_sprt_verdict (const IsleSprt *sprt, double llr);
