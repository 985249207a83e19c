/* isle-review-chart.h — the game review's win-chance chart (issue 29): one
 * column per decision, left to right, the reviewed side's chance to win
 * after it drawn around a 50% line in that side's colour, a dot per
 * decision in the colour of the side that made it, the rounds parted by a
 * thin line, the reviewed seat's inaccuracies, mistakes and blunders
 * marked, and the decision shown now lit. A click or a drag over a column,
 * or the keyboard, moves the decision shown ("position").
 */
#pragma once

#include <gtk/gtk.h>

#include "isle-review.h"

G_BEGIN_DECLS

#define ISLE_TYPE_REVIEW_CHART (isle_review_chart_get_type ())
G_DECLARE_FINAL_TYPE (IsleReviewChart, isle_review_chart, ISLE, REVIEW_CHART, GtkWidget)

typedef struct
{
  int side;               /* colour side of the seat that decided: 0 red, 1 blue (team games: the seat's side) */
  int round;              /* R4, 1-based: a separator is drawn where it changes */
  double chance;          /* the reviewed side's chance to win after this decision, 0..1; < 0: not judged yet */
  IsleReviewLabel label;  /* ONLY, BEST, GOOD, INACCURACY, MISTAKE, BLUNDER */
  gboolean marked;        /* TRUE: the label is shown (a decision of the reviewed seat); FALSE: the label is not drawn */
  const char *description;/* whole sentence for tooltip and screen readers, copied (NULL: "Decision 12 of 40.") */
} IsleReviewChartPoint;

GtkWidget *isle_review_chart_new          (void);
/* Replaces every point (N decisions). The position is clamped. */
void       isle_review_chart_set_points   (IsleReviewChart            *self,
                                           const IsleReviewChartPoint *points,
                                           guint                       n);
/* Updates decision I as its judgement arrives (results come one at a
 * time, in any order). */
void       isle_review_chart_update_point (IsleReviewChart            *self,
                                           guint                       i,
                                           const IsleReviewChartPoint *point);
guint      isle_review_chart_get_n_points (IsleReviewChart            *self);
/* The side whose chance is drawn (0 or 1): the chart's 50% line, its
 * colour and which way is "up". */
void       isle_review_chart_set_side     (IsleReviewChart            *self,
                                           int                         side);
int        isle_review_chart_get_side     (IsleReviewChart            *self);
/* The colour of LABEL's mark (ISLE_REVIEW_INACCURACY, _MISTAKE or
 * _BLUNDER) on a DARK or a light ground, as the chart draws it; the
 * review's list draws its marks in it too. */
void       isle_review_chart_mark_colour  (IsleReviewLabel             label,
                                           gboolean                    dark,
                                           GdkRGBA                    *colour);
/* Property "position" (int, -1 .. n-1, default -1): the decision shown;
 * -1 the start. Settable (clamped); notified when it changes, also by a
 * click, a drag or a key. */
int        isle_review_chart_get_position (IsleReviewChart            *self);
void       isle_review_chart_set_position (IsleReviewChart            *self,
                                           int                         position);

G_END_DECLS
