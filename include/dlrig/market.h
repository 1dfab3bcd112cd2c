/*
 * market.h — how the prices of a part's market moved since its own price
 * was seen, measured on the catalog's own dated prices of its peers: the
 * other memory kits of its type (DDR4 or DDR5, registered or not), the other
 * drives of its kind (NVMe, SATA SSD, U.2, hard disk).  In 2025-26 DRAM and
 * NAND prices moved by several times within a year, so a kit priced in
 * 2025-07 says little of what it costs in 2026; its peers priced then and
 * since say by how much.  A GPU's peers are the cards of its chip and
 * memory (a model and its partner cards).  Other categories have no peers:
 * their models differ too much for one part's price to speak for another's.
 */
#ifndef DLRIG_MARKET_H
#define DLRIG_MARKET_H

#include <stdbool.h>
#include <stddef.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"

struct cJSON;

/* A peer's price must have been seen at most this many months before the
 * month it stands for, and its later price at least this many months after. */
#define DLRIG_MARKET_THEN_MONTHS 2
#define DLRIG_MARKET_GAP_MONTHS 3
/* A move is reported from this many peers, when the median ratio is at
 * least DLRIG_MARKET_RATIO (or at most its inverse). */
#define DLRIG_MARKET_MIN_PEERS 2
#define DLRIG_MARKET_RATIO 1.25

typedef struct dlrig_market_move {
    double ratio;              /* median over the peers of their newest new price / their price then */
    int peers;                 /* peers with a price then and a later one */
    char since[8], until[8];   /* the month asked about; the newest later month of a peer */
    char segment[96];          /* "DDR5 kits", "DDR4 RDIMM kits", "NVMe drives", "GeForce RTX 5090 cards" ... */
    const dlrig_part *example; /* the peer whose ratio is the median (the lower middle one of an even count) */
    double example_then, example_now;
    char example_then_date[8], example_now_date[8];
} dlrig_market_move;

/* How p's peers' prices moved since `since` ('YYYY-MM...'): true with *out
 * filled when at least one peer had a price then and a later one; false when
 * p has no peers or none was priced both then and later. */
bool market_move_since(const dlrig_catalog *cat, const dlrig_part *p, const char *since, dlrig_market_move *out);

/* Whether m is worth a reader's attention: enough peers, and a rise or fall
 * of at least DLRIG_MARKET_RATIO. */
bool market_move_notable(const dlrig_market_move *m);

/* A build line's market move: the line whose new price is more than
 * DLRIG_PRICE_STALE_MONTHS old on `today` and whose peers moved notably
 * since.  Returns false (and leaves *out alone) otherwise. */
bool market_line_move(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_item *it, const char *today,
                      dlrig_market_move *out);

/* "3 DDR5 kits priced in 2025-07 and again since cost 5.2x as much by
 * 2026-09 (the median; Flare X5 2x16GB DDR5-6000 CL36: $90 in 2025-07, $466
 * in 2026-08)".  Returns buf. */
const char *market_move_text(const dlrig_market_move *m, char *buf, size_t len);

/* The short form for a quote's line: "DDR5 kits cost 5.2x as much by 2026-09". */
const char *market_move_short(const dlrig_market_move *m, char *buf, size_t len);

/* Whether a GPU's price (new, from the catalog) predates a rise of its
 * market: its peers' prices rose by DLRIG_MARKET_RATIO or more since, to a
 * month more than DLRIG_PRICE_WINDOW_MONTHS after it.  Such a price is not
 * one a buyer can get now: the advisor does not build on it (check still
 * shows it, dated, with the move). */
bool market_price_overtaken(const dlrig_catalog *cat, const dlrig_part *p, bool allow_used);

/* {"segment", "since", "until", "ratio", "peers", "example": {"id", "then_usd", "then", "now_usd", "now"}} */
struct cJSON *market_move_to_json(const dlrig_market_move *m);
/* Adds "market_move" to each line of doc's "prices" array (report_to_json's,
 * one a build line, in order) whose line market_line_move reports. */
void market_annotate_prices(const dlrig_catalog *cat, const dlrig_build *b, struct cJSON *doc, const char *today);

#endif
