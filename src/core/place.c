/*
 * place.c — placement of a build's cards in its board's slots (place.h): a
 * bounded search over slot assignments, scored by cards placed, link width,
 * air gaps and position.
 */
#include "dlrig/place.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/constraints.h"
#include "dlrig/util.h"

typedef struct card {
    const dlrig_part *part;
    int width, lanes;
    int gen;
    bool is_gpu;
} card;

#define PLACE_KEYS 7 /* the keys of score_assignment */

typedef struct place_ctx {
    const dlrig_motherboard *board;
    card cards[DLRIG_MAX_CARDS];
    int n_cards;
    int cpus;
    int max_pos;
    bool m2_used[16];
    /* search state */
    int slot_of[DLRIG_MAX_CARDS];  /* index into board->slots, -1 unplaced */
    int best_slot_of[DLRIG_MAX_CARDS];
    long best_score[PLACE_KEYS];
    bool have_best;
    long nodes; /* search steps taken */
} place_ctx;

/* Width of slot si after lane sharing, given the cards placed. */
static int effective_width(const place_ctx *c, int si, const int *slot_of)
{
    const dlrig_slot *s = &c->board->slots[si];
    int w = s->electrical_width;
    for (size_t k = 0; k < c->board->n_shares; k++) {
        const dlrig_lane_share *sh = &c->board->shares[k];
        if (sh->slot_position != s->position) continue;
        bool triggered = false;
        if (sh->trigger_m2) {
            triggered = sh->trigger_index > 0 && sh->trigger_index < 16 && c->m2_used[sh->trigger_index];
        } else {
            for (int i = 0; i < c->n_cards; i++)
                if (slot_of[i] >= 0 && c->board->slots[slot_of[i]].position == sh->trigger_index) triggered = true;
        }
        if (triggered && sh->width_when < w) w = sh->width_when;
    }
    return w;
}

static bool covered(const place_ctx *c, int pos, const int *slot_of, int upto)
{
    for (int i = 0; i < upto; i++) {
        if (slot_of[i] < 0) continue;
        long p = c->board->slots[slot_of[i]].position;
        if (pos >= p && pos < p + c->cards[i].width) return true;
    }
    return false;
}

/* Bandwidth of a link in units of one PCIe 1.0 lane (each generation doubles it). */
static long link_units(int width, int gen)
{
    int g = gen < 1 ? 1 : gen > 6 ? 6 : gen;
    return (long)width << (g - 1);
}

/* Ranks the current assignment against the best so far.  Keys, most
 * important first: cards placed; the slowest GPU link (an all-reduce runs at
 * the pace of the narrowest card, so x8/x8 on the CPU beats x16 plus a
 * chipset x2/x4 slot); GPUs on CPU lanes (a chipset slot shares the
 * chipset's own uplink with drives and USB); total GPU lanes; air gaps; NIC
 * lanes; topmost positions. */
static void score_assignment(place_ctx *c)
{
    long placed = 0, gpu_width = 0, gaps = 0, nic_width = 0, possum = 0, on_cpu = 0;
    long slowest = LONG_MAX;
    for (int i = 0; i < c->n_cards; i++) {
        if (c->slot_of[i] < 0) continue;
        const dlrig_slot *s = &c->board->slots[c->slot_of[i]];
        int w = effective_width(c, c->slot_of[i], c->slot_of);
        if (w == 0) return; /* a card in a slot that lane sharing disables: not a valid layout */
        placed++;
        int link = w < c->cards[i].lanes ? w : c->cards[i].lanes;
        if (c->cards[i].is_gpu) {
            gpu_width += link;
            long u = link_units(link, s->pcie_gen < c->cards[i].gen ? s->pcie_gen : c->cards[i].gen);
            if (u < slowest) slowest = u;
            if (s->attached_to != DLRIG_ATTACH_CHIPSET) on_cpu++;
        } else {
            nic_width += link;
        }
        long p = s->position;
        possum += p;
        long below = p + c->cards[i].width;
        if (below <= c->max_pos && !covered(c, below, c->slot_of, c->n_cards)) gaps++;
    }
    if (slowest == LONG_MAX) slowest = 0;
    long score[PLACE_KEYS] = {placed, slowest, on_cpu, gpu_width, gaps, nic_width, -possum};
    bool better = !c->have_best;
    for (int k = 0; k < PLACE_KEYS && !better; k++) {
        if (score[k] > c->best_score[k]) better = true;
        if (score[k] != c->best_score[k]) break;
    }
    if (better) {
        memcpy(c->best_score, score, sizeof score);
        memcpy(c->best_slot_of, c->slot_of, sizeof c->slot_of);
        c->have_best = true;
    }
}

static bool slot_fits(const place_ctx *c, int i, int si)
{
    const dlrig_slot *s = &c->board->slots[si];
    if (s->attached_to == DLRIG_ATTACH_CPU2 && c->cpus < 2) return false;
    /* GPUs need a physical x16 slot; other cards a slot at least as wide as their lanes or x8. */
    int need = c->cards[i].is_gpu ? 16 : (c->cards[i].lanes < 8 ? c->cards[i].lanes : 8);
    if (s->physical_width < need) return false;
    if ((long)s->position + c->cards[i].width - 1 > c->max_pos) return false;
    for (int k = 0; k < i; k++) {
        if (c->slot_of[k] < 0) continue;
        long p = c->board->slots[c->slot_of[k]].position;
        long a0 = p, a1 = p + c->cards[k].width - 1;
        long b0 = s->position, b1 = (long)s->position + c->cards[i].width - 1;
        if (c->slot_of[k] == si || !(b1 < a0 || b0 > a1)) return false;
    }
    return true;
}

static void search(place_ctx *c, int i, int skipped)
{
    /* Bound the work: the search is exponential in slots x cards, and a
     * --catalog board may have dozens of slots.  Depth first, the first
     * layout is found within n_cards steps; shipped boards need < 1,000. */
    if (++c->nodes > DLRIG_PLACE_MAX_STEPS && c->have_best) return;
    /* Bound: a layout that already left out more cards than the best one cannot win. */
    if (c->have_best && c->n_cards - skipped < c->best_score[0]) return;
    if (i == c->n_cards) {
        score_assignment(c);
        return;
    }
    /* Identical consecutive cards take slots in increasing order (symmetry). */
    int start = 0;
    if (i > 0 && c->cards[i - 1].part == c->cards[i].part && c->slot_of[i - 1] >= 0) start = c->slot_of[i - 1] + 1;
    for (int si = start; si < (int)c->board->n_slots; si++) {
        if (!slot_fits(c, i, si)) continue;
        c->slot_of[i] = si;
        search(c, i + 1, skipped);
    }
    /* Leaving a card out is allowed only when an identical earlier card was left out too, or none precede it. */
    if (!(i > 0 && c->cards[i - 1].part == c->cards[i].part && c->slot_of[i - 1] >= 0)) {
        c->slot_of[i] = -1;
        search(c, i + 1, skipped + 1);
    }
    c->slot_of[i] = -1;
}

void place_build(const dlrig_build *b, dlrig_placement *out)
{
    memset(out, 0, sizeof *out);
    place_ctx *c = xcalloc(1, sizeof *c);
    int cpus = build_count(b, DLRIG_CAT_CPU);
    c->cpus = cpus;
    c->board = build_board(b);
    const dlrig_case *cs = (const dlrig_case *)build_first(b, DLRIG_CAT_CASE, NULL);

    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < b->n_items; i++) {
            const dlrig_part *p = b->items[i].part;
            bool gpu = p->category == DLRIG_CAT_GPU;
            if ((pass == 0 && !gpu) || (pass == 1 && p->category != DLRIG_CAT_NIC)) continue;
            if (b->items[i].cluster_scope) continue;
            if (gpu && constraint_gpu_sxm((const dlrig_gpu *)p)) continue; /* on the HGX baseboard, not in a slot */
            for (int q = 0; q < b->items[i].qty && c->n_cards < DLRIG_MAX_CARDS; q++) {
                card *k = &c->cards[c->n_cards++];
                k->part = p;
                k->is_gpu = gpu;
                if (gpu) {
                    const dlrig_gpu *g = (const dlrig_gpu *)p;
                    /* 1-4 positions (one on an open frame's riser); a --catalog
                     * value out of range must not overflow the cast */
                    k->width = constraint_card_positions(g, cs);
                    k->lanes = g->pcie_lanes > 0 ? g->pcie_lanes : 16;
                    k->gen = constraint_card_link_gen(g, cs); /* no faster than an open frame's risers */
                } else {
                    const dlrig_nic *n = (const dlrig_nic *)p;
                    k->width = 1;
                    k->lanes = n->pcie_lanes > 0 ? n->pcie_lanes : 8;
                    k->gen = n->pcie_gen > 0 ? n->pcie_gen : 3;
                }
            }
        }
    }
    out->n_cards = (size_t)c->n_cards;
    for (int i = 0; i < c->n_cards; i++) {
        out->cards[i].part = c->cards[i].part;
        out->cards[i].width = c->cards[i].width;
    }
    if (!c->board || c->board->n_slots == 0) {
        out->n_unplaced = out->n_cards;
        free(c);
        return;
    }
    /* M.2 drives take M.2 sockets, first those that share no lanes with a slot. */
    int m2_drives = 0;
    for (size_t i = 0; i < b->n_items; i++) {
        const dlrig_part *p = b->items[i].part;
        if (p->category == DLRIG_CAT_STORAGE) {
            const dlrig_storage *s = (const dlrig_storage *)p;
            if (s->form_factor && strncmp(s->form_factor, "M.2", 3) == 0) m2_drives += b->items[i].qty;
        }
    }
    for (int pass = 0; pass < 2 && m2_drives > 0; pass++)
        for (size_t k = 0; k < c->board->n_m2 && m2_drives > 0; k++) {
            int idx = c->board->m2[k].idx;
            if (idx <= 0 || idx >= 16 || c->m2_used[idx]) continue;
            bool shares = false;
            for (size_t s = 0; s < c->board->n_shares; s++)
                if (c->board->shares[s].trigger_m2 && c->board->shares[s].trigger_index == idx) shares = true;
            if (pass == 0 && shares) continue;
            c->m2_used[idx] = true;
            out->m2_used++;
            m2_drives--;
        }
    int positions = c->board->expansion_positions > 0 ? c->board->expansion_positions : 7;
    out->overhang = cs && cs->expansion_slots > positions ? cs->expansion_slots - positions : 0;
    c->max_pos = positions + out->overhang;
    for (int i = 0; i < DLRIG_MAX_CARDS; i++) c->slot_of[i] = -1;
    search(c, 0, 0);
    /* Identical cards are interchangeable, and the search leaves the first of
     * them out: list the placed ones first, top to bottom, the unplaced last. */
    for (int i = 0; c->have_best && i < c->n_cards;) {
        int j = i + 1;
        while (j < c->n_cards && c->cards[j].part == c->cards[i].part) j++;
        for (int a = i + 1; a < j; a++)
            for (int k = a; k > i; k--) {
                int x = c->best_slot_of[k - 1], y = c->best_slot_of[k];
                if (!(y >= 0 && (x < 0 || y < x))) break;
                c->best_slot_of[k - 1] = y;
                c->best_slot_of[k] = x;
            }
        i = j;
    }
    for (int i = 0; i < c->n_cards; i++) {
        dlrig_placed *pl = &out->cards[i];
        int si = c->have_best ? c->best_slot_of[i] : -1;
        if (si < 0) {
            out->n_unplaced++;
            continue;
        }
        const dlrig_slot *s = &c->board->slots[si];
        int w = effective_width(c, si, c->best_slot_of);
        pl->position = s->position;
        pl->link_width = w < c->cards[i].lanes ? w : c->cards[i].lanes;
        pl->link_gen = s->pcie_gen < c->cards[i].gen ? s->pcie_gen : c->cards[i].gen;
        pl->attached_to = s->attached_to;
        long below = (long)s->position + c->cards[i].width;
        pl->gap_after = below <= c->max_pos && !covered(c, below, c->best_slot_of, c->n_cards);
    }
    out->steps = c->nodes;
    free(c);
}
