/* The TUI's shared pieces without a terminal: the list widget (selection,
 * wrap, paging, scrolling into view, the mouse, the filter), the line editor (UTF-8
 * backspace, Ctrl-U, a full buffer, ASCII-only fields) and the screen stack
 * (push, pop, replace by id, state freed only after the event, the
 * document of the topmost screen that edits a build). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tui/app.h"

START_TEST(list_moves_and_clamps)
{
    ui_list l = {0};
    ui_list_move(&l, 1, false); /* empty: nothing happens */
    ck_assert_int_eq(l.sel, 0);
    ui_list_set(&l, 5);
    ui_list_move(&l, 3, false);
    ck_assert_int_eq(l.sel, 3);
    ui_list_move(&l, 3, false);
    ck_assert_int_eq(l.sel, 4); /* stops at the end */
    ui_list_move(&l, -100, false);
    ck_assert_int_eq(l.sel, 0);
    ui_list_move(&l, -1, true); /* goes round */
    ck_assert_int_eq(l.sel, 4);
    ui_list_move(&l, 1, true);
    ck_assert_int_eq(l.sel, 0);
    ui_list_select(&l, 4);
    ui_list_set(&l, 2); /* fewer rows: the selection stays on one */
    ck_assert_int_eq(l.sel, 1);
    ui_list_set(&l, 0);
    ck_assert_int_eq(l.sel, 0);
}
END_TEST

START_TEST(list_scrolls_selection_into_view)
{
    ui_list l = {0};
    ui_list_set(&l, 100);
    ui_list_place(&l, 2, 0, 10, 40, 1);
    ck_assert_int_eq(l.top, 0);
    ck_assert_int_eq(ui_list_page(&l), 10);
    ui_list_select(&l, 15);
    ui_list_place(&l, 2, 0, 10, 40, 1);
    ck_assert_int_eq(l.top, 6); /* the selection on the last row shown */
    ui_list_select(&l, 3);
    ui_list_place(&l, 2, 0, 10, 40, 1);
    ck_assert_int_eq(l.top, 3); /* on the first */
    ui_list_select(&l, 20);
    ui_list_place(&l, 2, 0, 10, 40, 4); /* a selection 4 rows tall fits whole */
    ck_assert_int_eq(l.top, 14);
}
END_TEST

/* A list that gets shorter while scrolled keeps its view full: the rows
 * scrolled off above come back instead of blank rows below the end (a
 * parts list narrowed to the compatible ones, a shorter findings list). */
START_TEST(shorter_list_fills_the_view)
{
    ui_list l = {0};
    ui_list_set(&l, 88);
    ui_list_select(&l, 76);
    ui_list_place(&l, 2, 0, 10, 40, 1);
    ck_assert_int_eq(l.top, 67);
    ui_list_set(&l, 17); /* narrowed: the selection on the last one */
    ui_list_select(&l, 16);
    ui_list_place(&l, 2, 0, 10, 40, 1);
    ck_assert_int_eq(l.top, 7); /* rows 7..16: ten rows shown, not one */
    ui_list_select(&l, 3);
    ui_list_place(&l, 2, 0, 10, 40, 1);
    ck_assert_int_eq(l.top, 3);
    /* six findings in five rows, scrolled down; then five, the first selected 2 rows tall */
    ui_list_set(&l, 6);
    ui_list_select(&l, 5);
    ui_list_place(&l, 2, 0, 5, 40, 1);
    ck_assert_int_eq(l.top, 1);
    ui_list_set(&l, 5);
    ui_list_select(&l, 4);
    ui_list_place(&l, 2, 0, 5, 40, 2);
    ck_assert_int_eq(l.top, 1); /* 4 one-row items and the selection's 2 rows: one scrolled off */
    ui_list_set(&l, 3);
    ui_list_place(&l, 2, 0, 5, 40, 1);
    ck_assert_int_eq(l.top, 0); /* everything fits: from the top */
}
END_TEST

START_TEST(view_scrolls_within_rows)
{
    ui_list v = {0};
    ui_list_scroll(&v, 5); /* nothing placed yet: stays at the top */
    ck_assert_int_eq(v.top, 0);
    ui_list_set(&v, 50);
    ui_list_place_view(&v, 3, 0, 20, 80);
    ck_assert_int_eq(ui_list_view_page(&v), 19); /* a row of the last page stays in sight */
    ui_list_scroll(&v, 7);
    ck_assert_int_eq(v.top, 7);
    ui_list_scroll(&v, 1 << 20); /* End: the last rows fill the view */
    ck_assert_int_eq(v.top, 30);
    ui_list_scroll(&v, -3);
    ck_assert_int_eq(v.top, 27);
    ui_list_place_view(&v, 3, 0, 40, 80); /* a taller terminal shows more */
    ck_assert_int_eq(v.top, 10);
    ui_list_scroll(&v, -(1 << 20));
    ck_assert_int_eq(v.top, 0);
    ui_list_set(&v, 5);
    ui_list_place_view(&v, 3, 0, 20, 80); /* fewer rows than the view */
    ui_list_scroll(&v, 2);
    ck_assert_int_eq(v.top, 0);
    ui_list_place_view(&v, 3, 0, 1, 80); /* one row: a page is still a row */
    ck_assert_int_eq(ui_list_view_page(&v), 1);
}
END_TEST

START_TEST(list_mouse)
{
    ui_list l = {0};
    ui_list_set(&l, 30);
    ui_list_select(&l, 12);
    ui_list_place(&l, 5, 10, 8, 20, 1); /* rows 5..12 show 5..12 */
    ck_assert_int_eq(l.top, 5);
    MEVENT ev = {.x = 15, .y = 7, .bstate = BUTTON1_CLICKED};
    ck_assert_int_eq(ui_list_mouse(&l, &ev, 3, false), UI_LIST_MOVED);
    ck_assert_int_eq(l.sel, 7);
    ck_assert_int_eq(ui_list_mouse(&l, &ev, 3, false), UI_LIST_CHOSEN); /* the same row again */
    ev = (MEVENT){.x = 15, .y = 9, .bstate = BUTTON1_DOUBLE_CLICKED};
    ck_assert_int_eq(ui_list_mouse(&l, &ev, 3, false), UI_LIST_CHOSEN);
    ck_assert_int_eq(l.sel, 9);
    ev = (MEVENT){.x = 9, .y = 9, .bstate = BUTTON1_CLICKED}; /* left of the rows */
    ck_assert_int_eq(ui_list_mouse(&l, &ev, 3, false), UI_LIST_MISS);
    ev = (MEVENT){.x = 15, .y = 13, .bstate = BUTTON1_CLICKED}; /* below them */
    ck_assert_int_eq(ui_list_mouse(&l, &ev, 3, false), UI_LIST_MISS);
    ck_assert_int_eq(l.sel, 9);
    ev = (MEVENT){.x = 15, .y = 9, .bstate = BUTTON5_PRESSED};
    ck_assert_int_eq(ui_list_mouse(&l, &ev, 3, false), UI_LIST_MOVED);
    ck_assert_int_eq(l.sel, 12);
    ev = (MEVENT){.x = 15, .y = 9, .bstate = BUTTON4_PRESSED};
    ui_list_mouse(&l, &ev, 3, false);
    ck_assert_int_eq(l.sel, 9);
}
END_TEST

static const char *text_of(void *ctx, int i, char *buf, size_t len)
{
    (void)buf;
    (void)len;
    return ((const char *const *)ctx)[i];
}

START_TEST(list_filter)
{
    static const char *const rows[] = {"GeForce RTX 4090", "RTX 6000 Ada", "geforce rtx 5090", "Instinct MI210"};
    ui_list l = {0};
    int shown[4] = {0, 1, 2, 3};
    ui_list_set(&l, 4);
    ck_assert(ui_list_filter_match(&l, "anything")); /* no filter: every row */
    ui_list_filter_start(&l);
    ck_assert(l.filtering);
    const char *typed = "RTX gef";
    for (const char *c = typed; *c; c++) ck_assert_int_eq(ui_list_filter_key(&l, *c), UI_FILTER_CHANGED);
    ck_assert_str_eq(l.filter, "RTX gef");
    /* every word, either case, anywhere */
    ck_assert(ui_list_filter_match(&l, "GeForce RTX 4090"));
    ck_assert(!ui_list_filter_match(&l, "RTX 6000 Ada"));
    ck_assert(!ui_list_filter_match(&l, NULL));
    ui_list_select(&l, 2); /* "geforce rtx 5090" selected: it stays selected */
    ck_assert_int_eq(ui_list_filter_rows(&l, 4, text_of, (void *)rows, shown), 2);
    ck_assert_int_eq(shown[0], 0);
    ck_assert_int_eq(shown[1], 2);
    ck_assert_int_eq(l.sel, 1);
    /* paging keys move while typing; Enter accepts and stops, the filter stays */
    ck_assert_int_eq(ui_list_filter_key(&l, KEY_HOME), UI_FILTER_MOVED);
    ck_assert_int_eq(l.sel, 0);
    ck_assert_int_eq(ui_list_filter_key(&l, KEY_F(5)), UI_FILTER_NONE);
    ck_assert_int_eq(ui_list_filter_key(&l, '\r'), UI_FILTER_ACCEPT);
    ck_assert(!l.filtering);
    ck_assert_str_eq(l.filter, "RTX gef");
    char buf[64];
    ck_assert_str_eq(ui_list_filter_text(&l, buf, sizeof buf), "filter: RTX gef");
    /* Esc while typing clears it; ui_list_filter_clear says whether there was one */
    ui_list_filter_start(&l);
    ck_assert_str_eq(ui_list_filter_text(&l, buf, sizeof buf), "filter: RTX gef_");
    ck_assert_int_eq(ui_list_filter_key(&l, 27), UI_FILTER_CHANGED);
    ck_assert(!l.filtering);
    ck_assert_str_eq(l.filter, "");
    ck_assert_ptr_null(ui_list_filter_text(&l, buf, sizeof buf));
    ck_assert_int_eq(ui_list_filter_rows(&l, 4, text_of, (void *)rows, shown), 4);
    ck_assert_int_eq(l.sel, 0); /* on the row it was on */
    ck_assert(!ui_list_filter_clear(&l));
    /* nothing matches: no rows */
    ui_list_filter_start(&l);
    ui_list_filter_key(&l, 'z');
    ck_assert_int_eq(ui_list_filter_rows(&l, 4, text_of, (void *)rows, shown), 0);
    ck_assert(ui_list_filter_clear(&l));
}
END_TEST

START_TEST(line_editor)
{
    char b[8] = "";
    ck_assert_int_eq(ui_edit_key(b, sizeof b, 'a', 0), UI_EDIT_CHANGED);
    /* "é" arrives as two bytes and leaves as one character */
    ui_edit_key(b, sizeof b, 0xC3, 0);
    ui_edit_key(b, sizeof b, 0xA9, 0);
    ck_assert_str_eq(b, "a\xC3\xA9");
    ck_assert_int_eq(ui_edit_key(b, sizeof b, KEY_BACKSPACE, 0), UI_EDIT_CHANGED);
    ck_assert_str_eq(b, "a");
    for (int i = 0; i < 6; i++) ck_assert_int_eq(ui_edit_key(b, sizeof b, 'x', 0), UI_EDIT_CHANGED);
    ck_assert_int_eq(ui_edit_key(b, sizeof b, 'y', 0), UI_EDIT_FULL);
    ck_assert_str_eq(b, "axxxxxx");
    ck_assert_int_eq(ui_edit_key(b, sizeof b, 21, 0), UI_EDIT_CHANGED); /* Ctrl-U */
    ck_assert_str_eq(b, "");
    ck_assert_int_eq(ui_edit_key(b, sizeof b, '\r', 0), UI_EDIT_NONE);
    ck_assert_int_eq(ui_edit_key(b, sizeof b, 27, 0), UI_EDIT_NONE);
    ck_assert_int_eq(ui_edit_key(b, sizeof b, KEY_UP, 0), UI_EDIT_NONE);
    ck_assert_int_eq(ui_edit_key(b, sizeof b, 0xC3, UI_EDIT_ASCII), UI_EDIT_NONE);
    ck_assert_int_eq(ui_edit_key(b, sizeof b, '5', UI_EDIT_ASCII), UI_EDIT_CHANGED);
    ck_assert_str_eq(b, "5");
    ck_assert(ui_edit_typed(' ', 0));
    ck_assert(!ui_edit_typed(0x7f, 0));
}
END_TEST

/* A screen for the stack test: its state counts closes. */
static int closed;
static void count_close(void *st)
{
    closed++;
    free(st);
}
static bool doc_of(const void *st, unsigned long serial, app_doc *d)
{
    *d = (app_doc){NULL, "doc.json", 7, *(const int *)st != 0, serial};
    return true;
}
static void open_doc(app *a, void *args);
static void open_plain(app *a, void *args);
static const screen doc_screen = {.name = "doc", .open = open_doc, .close = count_close, .document = doc_of};
static const screen plain_screen = {.name = "plain", .open = open_plain, .close = count_close};
static void open_doc(app *a, void *args)
{
    int *st = malloc(sizeof *st);
    *st = args != NULL;
    app_push(a, &doc_screen, st);
}
static void open_plain(app *a, void *args)
{
    (void)args;
    app_push(a, &plain_screen, malloc(1));
}

START_TEST(screen_stack)
{
    app a;
    memset(&a, 0, sizeof a);
    closed = 0;
    app_register(&a, TUI_BUILDER, &doc_screen);
    app_register(&a, TUI_COMPARE, &plain_screen);
    app_doc d;
    ck_assert(!app_document(&a, &d));
    app_open(&a, TUI_BUILDER, &a); /* a dirty document */
    app_open(&a, TUI_COMPARE, NULL);
    ck_assert_int_eq(a.depth, 2);
    ck_assert_ptr_eq(a.scr, &plain_screen);
    ck_assert_ptr_nonnull(app_state(&a, &doc_screen));
    /* the document is the builder's under the compare screen */
    ck_assert(app_document(&a, &d));
    ck_assert_str_eq(d.path, "doc.json");
    ck_assert(app_dirty(&a));
    unsigned long first = d.serial;
    app_pop(&a);
    ck_assert_ptr_eq(a.scr, &doc_screen);
    ck_assert_int_eq(closed, 0); /* freed only once the event is handled */
    app_collect(&a);
    ck_assert_int_eq(closed, 1);
    app_replace(&a, TUI_BUILDER, NULL); /* a clean one in its place */
    ck_assert_int_eq(a.depth, 1);
    ck_assert(!app_dirty(&a));
    ck_assert(app_document(&a, &d));
    ck_assert_uint_ne(d.serial, first); /* another opening */
    app_close_all(&a);
    app_collect(&a);
    ck_assert_int_eq(closed, 3);
    ck_assert_ptr_null(a.scr);
    /* deeper than the stack holds: the oldest screen is closed, not lost */
    for (int i = 0; i < APP_STACK_MAX + 1; i++) app_open(&a, TUI_COMPARE, NULL);
    ck_assert_int_eq(a.depth, APP_STACK_MAX);
    app_collect(&a);
    ck_assert_int_eq(closed, 4);
    app_close_all(&a);
    app_collect(&a);
    ck_assert_int_eq(closed, 4 + APP_STACK_MAX);
    free(a.closed);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tui_widgets");
    TCase *tc = tcase_create("tui_widgets");
    tcase_add_test(tc, list_moves_and_clamps);
    tcase_add_test(tc, list_scrolls_selection_into_view);
    tcase_add_test(tc, shorter_list_fills_the_view);
    tcase_add_test(tc, view_scrolls_within_rows);
    tcase_add_test(tc, list_mouse);
    tcase_add_test(tc, list_filter);
    tcase_add_test(tc, line_editor);
    tcase_add_test(tc, screen_stack);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
