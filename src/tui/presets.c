/* presets.c — the TUI's scenario presets: a menu of the built-in presets
 * and loading one at once (F1..F8): the advisor runs on its requirements
 * and the builder opens on the best build, with the others as alternatives. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/preset.h"
#include "dlrig/query.h"
#include "dlrig/util.h"
#include "tui/app.h"

const char *tui_preset_key_help(const app *a, const keybind *k, char *buf, size_t len)
{
    if (k->key < KEY_F(1) || k->key >= KEY_F(1) + TUI_PRESET_KEYS) return NULL;
    size_t i = (size_t)(k->key - KEY_F(1));
    dlrig_preset p;
    char err[512];
    if (i >= preset_count()) snprintf(buf, len, "(no preset)");
    else if (preset_load_at(a->cat, i, &p, err, sizeof err) != 0)
        snprintf(buf, len, "preset %s (broken: see dlrig recommend --list-presets)", preset_name(i));
    else snprintf(buf, len, "preset: %s (best build at once)", p.title);
    return buf;
}

static void load_now(app *a, size_t i)
{
    dlrig_preset p;
    char err[1024];
    if (preset_load_at(a->cat, i, &p, err, sizeof err) != 0) {
        app_message(a, DLRIG_ROLE_ERROR, "%s", err);
        return;
    }
    char aerr[512];
    size_t n = tui_open_best_build(a, &p.req, p.title, aerr, sizeof aerr);
    app_doc d;
    if (app_document(a, &d)) {
        a->preset_serial = d.serial;
        a->preset_gen = d.gen;
    }
    if (n > 0)
        app_message(a, DLRIG_ROLE_INFO, "Preset %s: %s (a: the advisor's other builds)", p.title, p.story);
    else
        app_message(a, DLRIG_ROLE_WARNING, "Preset %s: the advisor found no build: %s. Pick parts by hand.", p.title,
                    aerr);
}

static void confirm_cb(app *a, int idx, void *ctx)
{
    size_t *i = ctx;
    if (idx == 0) load_now(a, *i);
}

void tui_preset_load(app *a, size_t i)
{
    if (i >= preset_count()) {
        app_message(a, DLRIG_ROLE_INFO, "No preset on F%zu (there are %zu)", i + 1, preset_count());
        return;
    }
    app_doc d;
    bool open = app_document(a, &d);
    bool untouched = open && d.serial == a->preset_serial && d.gen == a->preset_gen;
    if (open && d.dirty && !untouched) {
        size_t *ctx = xmalloc(sizeof *ctx);
        *ctx = i;
        char title[160];
        snprintf(title, sizeof title, "Unsaved changes: load preset %s?", preset_name(i));
        static const ov_item items[] = {{"Discard changes and load the preset", NULL, DLRIG_ROLE_WARNING},
                                        {"Cancel", NULL, DLRIG_ROLE_NORMAL}};
        ov_menu(a, title, items, 2, 1, confirm_cb, ctx, free);
        return;
    }
    load_now(a, i);
}

static void menu_cb(app *a, int idx, void *ctx)
{
    (void)ctx;
    if (idx >= 0) tui_preset_load(a, (size_t)idx);
}

void tui_preset_menu(app *a)
{
    size_t n = preset_count();
    if (n == 0) {
        app_message(a, DLRIG_ROLE_INFO, "This dlrig was built without presets");
        return;
    }
    ov_item *items = xcalloc(n, sizeof *items);
    char (*labels)[160] = xcalloc(n, sizeof *labels);
    char (*details)[96] = xcalloc(n, sizeof *details);
    for (size_t i = 0; i < n; i++) {
        dlrig_preset p;
        char err[512], usd[32];
        if (preset_load_at(a->cat, i, &p, err, sizeof err) != 0) {
            snprintf(labels[i], sizeof labels[i], "%s (broken)", preset_name(i));
            items[i] = (ov_item){labels[i], NULL, DLRIG_ROLE_ERROR};
            continue;
        }
        if (i < TUI_PRESET_KEYS) snprintf(labels[i], sizeof labels[i], "F%zu %s", i + 1, p.title);
        else snprintf(labels[i], sizeof labels[i], "   %s", p.title);
        snprintf(details[i], sizeof details[i], "%s, %s%s", p.req.workload,
                 format_usd(p.req.budget_usd, usd, sizeof usd), p.req.nodes > 1 ? ", cluster" : "");
        items[i] = (ov_item){labels[i], details[i], DLRIG_ROLE_NORMAL};
    }
    ov_menu(a, "Preset scenarios (the advisor's best build opens at once)", items, n, 0, menu_cb, NULL, NULL);
    free(items);
    free(labels);
    free(details);
}
