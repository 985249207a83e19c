/* isle-json.c — the JSON readers' shared words and the writers' printer
 * (isle-json.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>

#include "isle-json.h"

/* Moves listed before "or N others". */
#define MAX_LISTED_ACTIONS 6

char *
isle_json_describe (JsonNode *node)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      return g_strdup (_("an object"));
    case JSON_NODE_ARRAY:
      return g_strdup (_("an array"));
    case JSON_NODE_NULL:
      return g_strdup ("null");
    case JSON_NODE_VALUE:
    default:
      break;
    }
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      return g_strdup_printf ("%" PRId64, json_node_get_int (node));
    case G_TYPE_DOUBLE:
      {
        char buf[G_ASCII_DTOSTR_BUF_SIZE];
        double d = json_node_get_double (node);

        /* Say “2.0”, not “2”, so the reader sees why it is not an integer. */
        if (d > -1e15 && d < 1e15 && d == (double) (gint64) d)
          return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.1f", d));
        return g_strdup (g_ascii_dtostr (buf, sizeof buf, d));
      }
    case G_TYPE_BOOLEAN:
      return g_strdup (json_node_get_boolean (node) ? "true" : "false");
    case G_TYPE_STRING:
      {
        const char *s = json_node_get_string (node);

        if (!g_utf8_validate (s, -1, NULL))
          return g_strdup (_("a string that is not UTF-8"));
        if (g_utf8_strlen (s, -1) > ISLE_JSON_MAX_QUOTED)
          {
            g_autofree char *head = g_utf8_substring (s, 0, ISLE_JSON_MAX_QUOTED);
            return g_strdup_printf ("“%s…”", head);
          }
        return g_strdup_printf ("“%s”", s);
      }
    default:
      return g_strdup (_("a value of an unknown type"));
    }
}

char *
isle_json_parse_message (const GError *error, gboolean *placed)
{
  g_autofree char *valid = g_utf8_make_valid (error->message, -1);

  *placed = g_str_has_prefix (valid, "<data>:");
  return g_strdup (*placed ? valid + strlen ("<data>:") : valid);
}

gboolean
isle_json_holds_integer (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64;
}

gboolean
isle_json_holds_string (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

char *
isle_json_legal_actions (const IsleState *state)
{
  IsleActionList list;
  GString *s = g_string_new (NULL);
  int n = isle_state_legal_actions (state, &list);

  for (int i = 0; i < n && i < MAX_LISTED_ACTIONS; i++)
    {
      char text[32];

      g_string_append_printf (s, "%s“%s”", i > 0 ? ", " : "",
                              isle_action_format (state, list.actions[i], text));
    }
  if (n > MAX_LISTED_ACTIONS)
    /* Translators: ends a list of a few moves of many: “…, “hop d4” or
     * 30 others” */
    g_string_append_printf (s, ngettext (" or %d other", " or %d others",
                                         (unsigned long) (n - MAX_LISTED_ACTIONS)),
                            n - MAX_LISTED_ACTIONS);
  return g_string_free (s, FALSE);
}

/* ---- The one reader of JSON fields -------------------------------------- */

static void
problem_free (IsleJsonProblem *p)
{
  g_free (p->path);
  g_free (p->message);
  g_free (p->section);
  g_free (p);
}

void
isle_json_reader_init (IsleJsonReader *r, int field_code)
{
  r->path = g_string_new (NULL);
  r->marks = g_array_new (FALSE, FALSE, sizeof (gsize));
  r->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) problem_free);
  r->field_code = field_code;
}

void
isle_json_reader_clear (IsleJsonReader *r)
{
  g_string_free (g_steal_pointer (&r->path), TRUE);
  g_clear_pointer (&r->marks, g_array_unref);
  g_clear_pointer (&r->problems, g_ptr_array_unref);
}

char *
isle_json_member_text (const char *member)
{
  /* A member's name is the file's own text: json-glib lets an octal
   * escape ("\\202") make any byte, so it need not be UTF-8. */
  g_autofree char *valid = g_utf8_make_valid (member, -1);

  if (g_utf8_strlen (valid, -1) > ISLE_JSON_MAX_QUOTED)
    {
      g_autofree char *head = g_utf8_substring (valid, 0, ISLE_JSON_MAX_QUOTED);

      return g_strconcat (head, "…", NULL);
    }
  return g_steal_pointer (&valid);
}

/* Appends FIELD to PATH: "a" + "b" is "a.b", "a" + "[2]" is "a[2]". */
static void
append_field (GString *path, const char *field)
{
  if (field == NULL || field[0] == '\0')
    return;
  if (path->len > 0 && field[0] != '[')
    g_string_append_c (path, '.');
  g_string_append (path, field);
}

void
isle_json_reader_enter (IsleJsonReader *r, const char *field)
{
  gsize mark = r->path->len;

  g_array_append_val (r->marks, mark);
  append_field (r->path, field);
}

void
isle_json_reader_leave (IsleJsonReader *r)
{
  g_return_if_fail (r->marks->len > 0);
  g_string_truncate (r->path, g_array_index (r->marks, gsize, r->marks->len - 1));
  g_array_set_size (r->marks, r->marks->len - 1);
}

char *
isle_json_reader_path (IsleJsonReader *r, const char *field)
{
  GString *path = g_string_new (r->path->str);

  append_field (path, field);
  return g_string_free (path, FALSE);
}

void
isle_json_reader_problem (IsleJsonReader *r,
                          const char     *field,
                          int             code,
                          const char     *section,
                          int             seat,
                          int             cell,
                          const char     *format,
                          ...)
{
  IsleJsonProblem *p = g_new0 (IsleJsonProblem, 1);
  va_list args;

  va_start (args, format);
  p->message = g_strdup_vprintf (format, args);
  va_end (args);
  p->code = code;
  p->path = isle_json_reader_path (r, field);
  p->section = g_strdup (section);
  p->seat = seat;
  p->cell = cell;
  g_ptr_array_add (r->problems, p);
}

gboolean
isle_json_reader_expected (IsleJsonReader *r,
                           const char     *field,
                           const char     *what,
                           JsonNode       *node)
{
  g_autofree char *got = isle_json_describe (node);

  isle_json_reader_problem (r, field, r->field_code, NULL, -1, -1,
                            _("expected %s, got %s"), what, got);
  return FALSE;
}

gboolean
isle_json_reader_missing (IsleJsonReader *r,
                          const char     *field)
{
  isle_json_reader_problem (r, field, r->field_code, NULL, -1, -1, _("missing"));
  return FALSE;
}

gboolean
isle_json_reader_known_members (IsleJsonReader    *r,
                                JsonObject        *object,
                                const char        *field,
                                const char *const *known,
                                gsize              n_known,
                                gboolean           first_only)
{
  g_autoptr (GList) members = json_object_get_members (object);
  gboolean ok = TRUE;

  for (GList *l = members; l != NULL && (ok || !first_only); l = l->next)
    {
      const char *member = l->data;
      gboolean found = FALSE;

      for (gsize i = 0; i < n_known && !found; i++)
        found = known[i] != NULL && strcmp (known[i], member) == 0;
      if (!found)
        {
          g_autofree char *list = isle_json_join_ids (known, n_known);
          g_autofree char *text = isle_json_member_text (member);

          isle_json_reader_enter (r, field);
          isle_json_reader_problem (r, text, r->field_code, NULL, -1, -1,
                                    _("unknown field; expected one of %s"), list);
          isle_json_reader_leave (r);
          ok = FALSE;
        }
    }
  return ok;
}

gboolean
isle_json_reader_integer (IsleJsonReader *r,
                          JsonNode       *node,
                          const char     *field,
                          gint64          min,
                          gint64          max,
                          gint64         *out)
{
  if (!isle_json_holds_integer (node) || json_node_get_int (node) < min
      || json_node_get_int (node) > max)
    {
      g_autofree char *what = g_strdup_printf (_("an integer from %" PRId64
                                                 " to %" PRId64), min, max);
      return isle_json_reader_expected (r, field, what, node);
    }
  *out = json_node_get_int (node);
  return TRUE;
}

int
isle_json_reader_choice (IsleJsonReader    *r,
                         JsonNode          *node,
                         const char        *field,
                         const char *const *ids,
                         gsize              n)
{
  g_autofree char *list = isle_json_join_ids (ids, n);
  g_autofree char *what = g_strdup_printf (_("one of %s"), list);

  if (isle_json_holds_string (node))
    for (gsize i = 0; i < n; i++)
      if (ids[i] != NULL && ids[i][0] != '\0' && strcmp (ids[i], json_node_get_string (node)) == 0)
        return (int) i;
  isle_json_reader_expected (r, field, what, node);
  return -1;
}

void
isle_json_append_problem (GString    *s,
                          const char *name,
                          const char *path,
                          const char *message,
                          const char *section)
{
  if (s->len > 0)
    g_string_append_c (s, '\n');
  if (name != NULL)
    g_string_append_printf (s, "%s: ", name);
  if (path != NULL && path[0] != '\0')
    g_string_append_printf (s, "%s: ", path);
  g_string_append (s, message);
  if (section != NULL)
    g_string_append_printf (s, " (%s)", section);
}

char *
isle_json_reader_to_string (IsleJsonReader *r, const char *name)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < r->problems->len; i++)
    {
      IsleJsonProblem *p = g_ptr_array_index (r->problems, i);

      isle_json_append_problem (s, name, p->path, p->message, p->section);
    }
  return g_string_free (s, FALSE);
}

const IsleJsonProblem *
isle_json_reader_set_error (IsleJsonReader  *r,
                            GError         **error,
                            GQuark           domain,
                            const char      *name)
{
  g_autofree char *text = NULL;
  IsleJsonProblem *first;

  g_return_val_if_fail (r->problems->len > 0, NULL);
  first = g_ptr_array_index (r->problems, 0);
  text = isle_json_reader_to_string (r, name);
  g_set_error_literal (error, domain, first->code, text);
  return first;
}

const char *const *
isle_json_variant_ids (void)
{
  static const char *ids[ISLE_N_VARIANTS];

  for (int v = 0; v < ISLE_N_VARIANTS; v++)
    ids[v] = isle_variant_id ((IsleVariant) v);
  return ids;
}

const char *const *
isle_json_weather_ids (void)
{
  static const char *ids[ISLE_N_WEATHER];

  for (int w = 0; w < ISLE_N_WEATHER; w++)
    ids[w] = isle_weather_id ((IsleWeather) w);
  return ids;
}

/* ---- Printing ------------------------------------------------------------ */

static void
print_string (GString *out, const char *s)
{
  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (out, "\\%c", *p);
      else if (*p == '\n')
        g_string_append (out, "\\n");
      else if (*p == '\t')
        g_string_append (out, "\\t");
      else if (*p < 0x20)
        g_string_append_printf (out, "\\u%04x", *p);
      else
        g_string_append_c (out, (char) *p);
    }
  g_string_append_c (out, '"');
}

/* D in the fewest digits that read back as D, with a point or an
 * exponent so that it reads back as a number that is not an integer:
 * 0.59 stays "0.59" and 1.0 "1.0", save after save. */
static void
print_double (GString *out, double d)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (int digits = 15; digits <= 17; digits++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", digits);
      g_ascii_formatd (buf, sizeof buf, format, d);
      if (g_ascii_strtod (buf, NULL) == d)
        break;
    }
  g_string_append (out, buf);
  if (strpbrk (buf, ".eEn") == NULL)
    g_string_append (out, ".0");
}

static void
print_node_at (GString *out, JsonNode *node, int indent, gboolean flat)
{
  if (JSON_NODE_HOLDS_NULL (node))
    g_string_append (out, "null");
  else if (JSON_NODE_HOLDS_VALUE (node))
    {
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_INT64:
          g_string_append_printf (out, "%" PRId64, json_node_get_int (node));
          break;
        case G_TYPE_BOOLEAN:
          g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
          break;
        case G_TYPE_DOUBLE:
          print_double (out, json_node_get_double (node));
          break;
        case G_TYPE_STRING:
        default:
          print_string (out, json_node_get_string (node));
          break;
        }
    }
  else
    {
      gboolean array = JSON_NODE_HOLDS_ARRAY (node);
      g_autoptr (GList) members = array ? NULL : json_object_get_members (json_node_get_object (node));
      guint n = array ? json_array_get_length (json_node_get_array (node)) : g_list_length (members);
      gboolean one_line = flat;
      GList *l = members;

      /* What fits goes on one line. */
      if (!one_line)
        {
          g_autoptr (GString) line = g_string_new (NULL);

          print_node_at (line, node, 0, TRUE);
          one_line = indent + line->len <= ISLE_JSON_LINE_WIDTH;
        }
      g_string_append_c (out, array ? '[' : '{');
      for (guint i = 0; i < n; i++, l = l ? l->next : NULL)
        {
          JsonNode *child = array ? json_array_get_element (json_node_get_array (node), i)
                                  : json_object_get_member (json_node_get_object (node), l->data);

          if (one_line)
            g_string_append (out, i > 0 ? ", " : "");
          else
            g_string_append_printf (out, "%s\n%*s", i > 0 ? "," : "", indent + 2, "");
          if (!array)
            {
              print_string (out, l->data);
              g_string_append (out, ": ");
            }
          print_node_at (out, child, indent + 2, one_line);
        }
      if (!one_line && n > 0)
        g_string_append_printf (out, "\n%*s", indent, "");
      g_string_append_c (out, array ? ']' : '}');
    }
}

void
isle_json_print (GString *out, JsonNode *node)
{
  print_node_at (out, node, 0, FALSE);
}

char *
isle_json_join_ids (const char *const *ids, gsize n)
{
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < n; i++)
    {
      if (ids[i] == NULL || ids[i][0] == '\0')
        continue;
      if (s->len > 0)
        g_string_append (s, ", ");
      g_string_append (s, ids[i]);
    }
  return g_string_free (s, FALSE);
}
