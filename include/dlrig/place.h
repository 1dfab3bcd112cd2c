/*
 * place.h — placement of a build's cards (GPUs, then NICs) in its board's
 * slots: which position each takes, at what link width and generation, and
 * the air gaps between them.  Read by the rules, the speed model and the
 * advisor.
 */
#ifndef DLRIG_PLACE_H
#define DLRIG_PLACE_H

#include <stdbool.h>
#include <stddef.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"

#define DLRIG_MAX_CARDS 24

typedef struct dlrig_placed {
    const dlrig_part *part; /* a GPU or NIC */
    int position;           /* board slot position, 0 when it could not be placed */
    int width;              /* positions the card covers */
    int link_width;         /* negotiated lanes: min(card, slot after lane sharing) */
    int link_gen;           /* negotiated PCIe generation */
    dlrig_attach attached_to;
    bool gap_after;         /* a free position right below the card */
} dlrig_placed;

typedef struct dlrig_placement {
    dlrig_placed cards[DLRIG_MAX_CARDS];
    size_t n_cards;   /* GPUs first (in build order), then NICs */
    size_t n_unplaced;
    int m2_used;      /* M.2 sockets taken by M.2 drives */
    int overhang;     /* positions a card may hang below the board (case slots - board positions) */
    long steps;       /* search steps the placement took (a measure of its work, the same on every machine) */
} dlrig_placement;

/* Places the build's GPUs, then its NICs, into the board's slots.
 * Deterministic: maximises cards placed, then total link width (electrical
 * x16 first), then air gaps between cards, then the topmost positions.
 * Slots hanging off CPU 2 are usable only with two CPUs; lane sharing (M.2
 * sockets and slot population) narrows or disables slots.  The search is
 * bounded (DLRIG_PLACE_MAX_STEPS): on a board with very many slots (a
 * --catalog) the best layout found within the bound is used. */
#define DLRIG_PLACE_MAX_STEPS 20000L
void place_build(const dlrig_build *b, dlrig_placement *out);

#endif
