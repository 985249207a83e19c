/* isle-editor-window-private.h — what the files of IsleEditorWindow share:
 * the window (isle-editor-window.c: editing, undo, files, Test Play), the
 * island and its palette (isle-editor-palette.c), the fields' controls
 * (isle-editor-fields.c), the hands, piles, deck and hints
 * (isle-editor-lists.c), the pages (isle-editor-pages.c) and the problems
 * list (isle-editor-problems.c). */
#pragma once

#include <adwaita.h>

#include "isle-board-view.h"
#include "isle-editor-window.h"
#include "isle-puzzle-proof.h"

G_BEGIN_DECLS

#define N_MERCENARIES (ISLE_N_KINDS - ISLE_FIRST_MERCENARY)

/* The scenario's fields that have a control of their own. */
typedef enum
{
  F_TITLE,
  F_AUTHOR,
  F_DIFFICULTY,
  F_VARIANT,
  F_PLAYER,
  F_OPPONENT,
  F_FIRST_SEAT,
  F_PRESET,
  F_ROUND,
  F_START_FIRST_SEAT,
  F_TO_MOVE,
  F_WEATHER,
  F_FOG_FIRST,                           /* one per quadrant (R1) */
  F_COINS_FIRST = F_FOG_FIRST + 4,       /* one per side */
  F_SCORE_FIRST = F_COINS_FIRST + ISLE_N_SIDES,
  F_RANDOM_HAND_FIRST = F_SCORE_FIRST + ISLE_N_SIDES,   /* one per seat */
  F_RANDOM_PILE_FIRST = F_RANDOM_HAND_FIRST + ISLE_MAX_SEATS,
  F_RANDOM_DECK = F_RANDOM_PILE_FIRST + ISLE_MAX_SEATS,
  F_HIRED_FIRST,                         /* per side and mercenary */
  F_LINE_FIRST = F_HIRED_FIRST + ISLE_N_SIDES * N_MERCENARIES,   /* lengths 3..6 */
  F_COST_FIRST = F_LINE_FIRST + 4,       /* per mercenary */
  F_OPENING_HAND = F_COST_FIRST + N_MERCENARIES,
  F_FOG_LIFT,
  F_QUICK_WEATHER,
  F_STRICT,
  F_ROUNDS,
  F_EXTRA_ROUNDS,
  F_QUICK_COINS,
  F_DECK_FIRST,                          /* per weather kind: cards in the rules' deck */
  F_GOAL_TYPE = F_DECK_FIRST + ISLE_N_WEATHER,
  F_GOAL_VALUE,
  N_FIELDS
} Field;

typedef enum
{
  TOOL_TOKEN,
  TOOL_FOG,
  TOOL_ERASE,
} Tool;

/* The Fog and Eraser tools' and the Goal tab's icons (data/icons,
 * compiled in).  Our own: Adwaita 48 (GNOME 48+, the Flatpak's runtime)
 * no longer ships emblem-ok-symbolic. */
#define FOG_ICON_NAME "io.github.critterisle.CritterIsle-fog-symbolic"
#define ERASER_ICON_NAME "io.github.critterisle.CritterIsle-eraser-symbolic"
#define GOAL_ICON_NAME "io.github.critterisle.CritterIsle-goal-symbolic"

typedef struct _IsleEditorPending IsleEditorPending;   /* isle-editor-window.c */

struct _IsleEditorWindow
{
  AdwApplicationWindow parent_instance;

  AdwWindowTitle *title;
  AdwToastOverlay *toasts;
  GtkButton *test_play_button;       /* its label only where there is room */
  GtkWidget *main_box;
  GtkWidget *board_box;
  GtkWidget *side_box;
  IsleBoardView *board;
  GtkLabel *tool_label;
  GtkBox *palette;
  GtkStack *seat_palettes;           /* one seat's tokens at a time, or NULL */
  GtkCheckButton *face_down_check;
  GtkCheckButton *turned_check;
  AdwViewStack *pages;
  GtkExpander *problems_expander;
  GtkLabel *problems_label;
  GtkListBox *problems;

  GtkWidget *controls[N_FIELDS];
  GtkWidget *rows[N_FIELDS];         /* the row a field's problems mark */
  const char *paths[N_FIELDS];       /* the field's path in the file */
  GtkWidget *position_group[4];      /* groups shown only with a preset position */
  GtkWidget *hands_box;              /* per seat: hand and pile */
  GtkWidget *deck_box;
  GtkWidget *hints_box;
  guint n_hint_rows;
  GtkWidget *solution_row;
  GtkWidget *description_view;
  GtkWidget *description_row;
  GtkWidget *board_row;              /* the problems of tiles are listed here */

  IsleScenario *scenario;
  GPtrArray *problems_now;           /* IsleScenarioProblem */
  GPtrArray *read_problems;          /* IsleScenarioProblem: what reading the
                                      * file set aside (a field left at its
                                      * default), until the next save */
  char *path;                        /* the file, or NULL */
  gboolean modified;
  GPtrArray *undo;                   /* IsleScenario, oldest first */
  GPtrArray *redo;
  gboolean updating;                 /* show_scenario() is writing the controls */
  gpointer typing;                   /* the text field last typed in, or NULL */
  gint64 typed;                      /* when */

  int goal_values[ISLE_GOAL_COINS + 1];   /* the amount each goal kind last had, or 0 */

  Tool tool;
  char *tool_id;
  IsleKind tool_kind;
  int tool_seat;

  GCancellable *cancellable;         /* the file chooser asking, cancelled on closing */
  IsleEditorPending *after_save;     /* what to do once the save asked for is done, or NULL */
  guint layout_idle;                 /* the layout to follow the width, after this allocation */
  /* isle-editor-proof.c: the goal proven a moment after each edit. */
  guint n_problems;                  /* what the last check found */
  guint n_read_problems;
  GtkWidget *proof_box;
  GtkLabel *proof_label;
  GtkWidget *proof_spinner;
  GtkWidget *proof_cancel;
  GtkWidget *proof_best_button;
  GtkWidget *proof_again_button;
  GCancellable *proof_cancellable;   /* the check running, or NULL */
  guint proof_idle;                  /* the check waiting for the edits to pause */
  int proof_seconds;
  IsleProof *proof;                  /* the last check finished, or NULL */
};

/* What the editor knows of the goal (isle-editor-proof.c). */
typedef enum
{
  ISLE_EDITOR_PROOF_NO_GOAL,
  ISLE_EDITOR_PROOF_CHECKING,
  ISLE_EDITOR_PROOF_MET,             /* proven: met against every reply */
  ISLE_EDITOR_PROOF_CANNOT,          /* refuted */
  ISLE_EDITOR_PROOF_UNKNOWN,         /* undecided, cancelled, or not checked */
} IsleEditorProofState;

/* isle-editor-window.c: every edit is one undo step, checked and shown. */
void         isle_editor_window_begin_edit              (IsleEditorWindow   *self);
void         isle_editor_window_begin_typing            (IsleEditorWindow   *self,
                                                         gpointer            text);
void         isle_editor_window_end_edit                (IsleEditorWindow   *self);
void         isle_editor_window_update_title            (IsleEditorWindow   *self);
IslePosition isle_editor_window_get_position            (IsleEditorWindow   *self);
void         isle_editor_window_set_position            (IsleEditorWindow   *self,
                                                         IslePosition       *position);

/* isle-editor-palette.c */
void         isle_editor_window_install_palette         (GtkWidgetClass     *widget_class);
void         isle_editor_window_connect_board           (IsleEditorWindow   *self);
char        *isle_editor_window_seat_name               (IsleEditorWindow   *self,
                                                         int                 seat);
gboolean     isle_editor_window_set_tool                (IsleEditorWindow   *self,
                                                         const char         *tool);
void         isle_editor_window_fill_palette            (IsleEditorWindow   *self);

/* isle-editor-fields.c */
GtkWidget   *isle_editor_window_spin_row                (IsleEditorWindow   *self,
                                                         AdwPreferencesGroup *group,
                                                         Field               field,
                                                         const char         *path,
                                                         const char         *title,
                                                         const char         *subtitle,
                                                         int                 min,
                                                         int                 max);
GtkWidget   *isle_editor_window_combo_row               (IsleEditorWindow   *self,
                                                         AdwPreferencesGroup *group,
                                                         Field               field,
                                                         const char         *path,
                                                         const char         *title,
                                                         const char         *subtitle,
                                                         const char *const  *items);
GtkWidget   *isle_editor_window_switch_row              (IsleEditorWindow   *self,
                                                         AdwPreferencesGroup *group,
                                                         Field               field,
                                                         const char         *path,
                                                         const char         *title,
                                                         const char         *subtitle);
GtkWidget   *isle_editor_window_entry_row               (IsleEditorWindow   *self,
                                                         AdwPreferencesGroup *group,
                                                         Field               field,
                                                         const char         *path,
                                                         const char         *title);
void         isle_editor_window_on_description_changed  (GtkTextBuffer      *buffer,
                                                         IsleEditorWindow   *self);
void         isle_editor_window_show_scenario           (IsleEditorWindow   *self);

/* isle-editor-lists.c */
void         isle_editor_window_install_lists           (GtkWidgetClass     *widget_class);
void         isle_editor_window_show_hands              (IsleEditorWindow   *self,
                                                         const IslePosition *position);
void         isle_editor_window_show_deck               (IsleEditorWindow   *self,
                                                         const IslePosition *position);
void         isle_editor_window_show_hints              (IsleEditorWindow   *self);

/* isle-editor-pages.c */
void         isle_editor_window_build_pages             (IsleEditorWindow   *self);

/* isle-editor-problems.c */
void         isle_editor_window_install_problems        (GtkWidgetClass     *widget_class);
void         isle_editor_window_check                   (IsleEditorWindow   *self);
/* The summary over the problems, from the last check and the proof. */
void         isle_editor_window_check_summary           (IsleEditorWindow   *self);

/* isle-editor-proof.c: the goal proven on worker threads. */
void         isle_editor_window_build_proof             (IsleEditorWindow   *self);
void         isle_editor_window_install_proof           (GtkWidgetClass     *widget_class);
void         isle_editor_window_dispose_proof           (IsleEditorWindow   *self);
/* After a check: proves the goal a moment from now when PLAYABLE (no
 * problems but the stored solution's) and there is one; else hides the
 * panel. */
void         isle_editor_window_prove                   (IsleEditorWindow   *self,
                                                         gboolean            playable);
IsleEditorProofState isle_editor_window_get_proof_state (IsleEditorWindow   *self);

G_END_DECLS
