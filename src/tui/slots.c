/* slots.c — the PCIe slot picture: one row per board position, cards drawn
 * over the positions they cover, air gaps, negotiated link widths and the
 * NVLink bridge.  Reads the placement the core computed (report.placement)
 * and the board's slot map; no layout logic of its own. */
#include <stdio.h>
#include <string.h>

#include "tui/app.h"

static const dlrig_motherboard *board_of(const dlrig_build *b)
{
    return build_board(b); /* the listed board, or a complete server's own */
}

static int last_position(const dlrig_motherboard *mb, const dlrig_placement *pl, int *board_last)
{
    int last = mb->expansion_positions != DLRIG_NA ? mb->expansion_positions : 0;
    if (mb->n_slots && mb->slots[mb->n_slots - 1].position > last) last = mb->slots[mb->n_slots - 1].position;
    *board_last = last;
    for (size_t i = 0; i < pl->n_cards; i++) {
        const dlrig_placed *c = &pl->cards[i];
        if (c->position > 0 && c->position + c->width - 1 > last) last = c->position + c->width - 1;
    }
    return last;
}

int slots_rows(const app *a, const dlrig_build *b, const dlrig_report *rep)
{
    (void)a;
    const dlrig_motherboard *mb = board_of(b);
    if (!mb) return 2;
    int board_last;
    int last = last_position(mb, &rep->placement, &board_last);
    return 1 + last + (rep->placement.n_unplaced ? 1 : 0) + 1;
}

static const dlrig_slot *slot_at(const dlrig_motherboard *mb, int pos)
{
    for (size_t i = 0; i < mb->n_slots; i++)
        if (mb->slots[i].position == pos) return &mb->slots[i];
    return NULL;
}

static const char *attach_name(dlrig_attach at)
{
    return at == DLRIG_ATTACH_CPU1 ? "CPU 1" : at == DLRIG_ATTACH_CPU2 ? "CPU 2" : "chipset";
}

void slots_draw(app *a, int y, int x, int h, int w, const dlrig_build *b, const dlrig_report *rep)
{
    const dlrig_motherboard *mb = board_of(b);
    if (!mb) {
        ui_put(a, y, x, w, DLRIG_ROLE_DIM, "No motherboard in the build: choose one to see its slots.");
        return;
    }
    const dlrig_placement *pl = &rep->placement;
    int board_last;
    int last = last_position(mb, pl, &board_last);
    int bridges = build_count(b, DLRIG_CAT_NVLINK_BRIDGE);
    const dlrig_part *bridge = build_first(b, DLRIG_CAT_NVLINK_BRIDGE, NULL);
    int end = y + h;
    int row = y;
    char buf[256];
    snprintf(buf, sizeof buf, "%s %s %d positions%s%s", mb->p.name, a->g->sep, board_last,
             bridge ? " " : "", bridge ? a->g->sep : "");
    int used = ui_put(a, row, x, w, DLRIG_ROLE_TITLE, buf);
    if (bridge) ui_putf(a, row, x + used, w - used, DLRIG_ROLE_ACCENT, " %d%s NVLink", bridges, a->g->times);
    row++;
    int body_x = x + 7, body_w = w - 7 - 2; /* two columns on the right for the bridge */
    int first_row = row;
    for (int pos = 1; pos <= last && row < end; pos++, row++) {
        const dlrig_slot *sl = slot_at(mb, pos);
        bool below = pos > board_last;
        ui_putf(a, row, x, 2, DLRIG_ROLE_DIM, "%2d", pos);
        if (sl) {
            snprintf(buf, sizeof buf, "x%d", sl->electrical_width);
            ui_put(a, row, x + 3, 3, DLRIG_ROLE_SLOT, buf);
        } else if (below) {
            ui_put(a, row, x + 3, 3, DLRIG_ROLE_DIM, a->g->down);
        }
        /* the card covering this position */
        const dlrig_placed *card = NULL;
        for (size_t i = 0; i < pl->n_cards; i++) {
            const dlrig_placed *c = &pl->cards[i];
            if (c->position > 0 && pos >= c->position && pos < c->position + c->width) card = c;
        }
        if (card) {
            bool gpu = card->part->category == DLRIG_CAT_GPU;
            int role = gpu ? DLRIG_ROLE_GPU : DLRIG_ROLE_SLOT;
            ui_fill(a, row, body_x, body_w, role);
            if (pos == card->position) {
                char link[32];
                snprintf(link, sizeof link, "x%d Gen%d ", card->link_width, card->link_gen);
                int lw = (int)strlen(link);
                ui_putf(a, row, body_x, body_w - lw, role, " %s", card->part->name);
                const dlrig_slot *cs = slot_at(mb, card->position);
                bool narrowed = cs && card->link_width < cs->electrical_width;
                ui_put_right(a, row, body_x, body_w, narrowed ? DLRIG_ROLE_WARNING : role, link);
            } else {
                const char *cool = NULL;
                if (gpu) cool = ((const dlrig_gpu *)card->part)->cooler;
                if (pos == card->position + 1)
                    ui_putf(a, row, body_x, body_w, role, " %s%s%s%d-slot%s", cool ? cool : "", cool ? " " : "",
                            cool ? "cooler, " : "", card->width, pos > board_last ? ", below the board" : "");
                else {
                    char sh[64] = " ";
                    for (int i = 0; i < 6; i++) strcat(sh, a->g->shade);
                    ui_put(a, row, body_x, body_w, role, sh);
                }
            }
        } else {
            bool gap = false;
            for (size_t i = 0; i < pl->n_cards; i++) {
                const dlrig_placed *c = &pl->cards[i];
                if (c->position > 0 && c->gap_after && pos == c->position + c->width) gap = true;
            }
            if (gap) {
                char g[128] = "";
                for (int i = 0; i < 3; i++) strcat(g, a->g->light);
                ui_putf(a, row, body_x, body_w, DLRIG_ROLE_GAP, " %s air gap", g);
            } else if (sl) {
                snprintf(buf, sizeof buf, " %s free x%d slot (%s, PCIe %d.0)", a->g->h, sl->electrical_width,
                         attach_name(sl->attached_to), sl->pcie_gen);
                ui_put(a, row, body_x, body_w, DLRIG_ROLE_DIM, buf);
            } else if (below) {
                ui_put(a, row, body_x, body_w, DLRIG_ROLE_DIM, " (below the board)");
            }
        }
    }
    /* NVLink brackets: pairs of GPUs in slot order */
    if (bridges > 0) {
        int gpos[DLRIG_MAX_CARDS], ng = 0;
        for (size_t i = 0; i < pl->n_cards; i++)
            if (pl->cards[i].part->category == DLRIG_CAT_GPU && pl->cards[i].position > 0)
                gpos[ng++] = pl->cards[i].position;
        for (int i = 1; i < ng; i++) /* insertion sort by position */
            for (int k = i; k > 0 && gpos[k] < gpos[k - 1]; k--) {
                int t = gpos[k];
                gpos[k] = gpos[k - 1];
                gpos[k - 1] = t;
            }
        int bx = x + w - 1;
        for (int p = 0; p + 1 < ng && p / 2 < bridges; p += 2) {
            int r0 = first_row + gpos[p] - 1, r1 = first_row + gpos[p + 1] - 1;
            for (int r = r0; r <= r1 && r < end; r++)
                ui_put(a, r, bx, 1, DLRIG_ROLE_ACCENT,
                       r == r0 ? a->g->bridge_top : r == r1 ? a->g->bridge_bot : a->g->bridge_mid);
        }
    }
    if (pl->n_unplaced && row < end) {
        char names[256] = "";
        size_t k = 0;
        for (size_t i = 0; i < pl->n_cards && k + 1 < sizeof names; i++)
            if (pl->cards[i].position == 0) {
                k += (size_t)snprintf(names + k, sizeof names - k, "%s%s", k ? ", " : "", pl->cards[i].part->name);
                if (k >= sizeof names) k = sizeof names - 1;
            }
        ui_putf(a, row++, x, w, DLRIG_ROLE_ERROR, "%s not placed: %s", a->g->bad, names);
    }
    if (row < end) {
        snprintf(buf, sizeof buf, "x16 = lanes %s %s%s%s air gap", a->g->sep, a->g->light, a->g->light,
                 a->g->light);
        used = ui_put(a, row, x, w, DLRIG_ROLE_DIM, buf);
        if (bridges) ui_putf(a, row, x + used, w - used, DLRIG_ROLE_DIM, " %s %s NVLink", a->g->sep, a->g->bridge_top);
    }
}
