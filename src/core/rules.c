/*
 * rules.c — every compatibility rule and piece of advice dlrig checks.
 *
 * rules_check computes the build's totals and GPU placement, then runs the
 * rule table below.  Each rule is a pure function of the analysed build; it
 * emits zero or more findings with a message that names the parts and the
 * numbers.  Where the catalog lacks a figure a rule needs, the rule says it
 * could not judge (an info finding naming the field) instead of passing.
 */
#include "dlrig/rules.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/constraints.h"
#include "dlrig/perf.h"
#include "dlrig/power.h"
#include "dlrig/query.h"
#include "dlrig/util.h"

/* ------------------------------------------------------------ thresholds
 * Every number a rule compares against lives here, with where it comes from;
 * those the advisor prunes by too live in constraints.h. */

/* Transient multiplier for the peak figure (ATX 3.0 power excursion, 200 %). */
#define GPU_TRANSIENT_FACTOR 2.0
/* Allowances for parts whose draw the catalog does not list (estimates, not
 * catalog figures; shown as such on the sheet): board + chipset + BMC, per
 * memory module, per drive by kind, fans, NIC. */
#define PLATFORM_W 60.0
#define DIMM_W 5.0
#define NVME_W 8.0
#define SATA_SSD_W 4.0
#define U2_W 20.0
#define HDD_W 9.0
#define TOWER_FANS_W 30.0
#define RACK_FANS_W 150.0
#define NIC_W 20.0
/* A 12V-2x6 / 12VHPWR input fed through an adapter takes this many PCIe
 * 8-pin connectors (PCI-SIG CEM 5.0: 600 W input vs 150 W per 8-pin). */
#define HPWR_AS_8PIN 4
/* Seed 001: datasets under 10-15 GB rarely gain from several GPUs. */
#define SMALL_DATASET_GB 10.0
/* FP64 below 1/4 of FP32 counts as weak (GeForce 1/32-1/64; P100, V100,
 * A100, H100 1/2 — seed 004 and the vendors' datasheets). */
#define FP64_WEAK_RATIO 0.25

#define SEED000 "Deep learning training and GPU server hardware recommendations 2020 (article, in Chinese)"
#define SEED001 "Single GPU or GPU cluster for training deep networks (Q&A discussion, in Chinese)"
#define SEED002 "Dettmers, A Full Hardware Guide to Deep Learning"
#define SEED003 "A brief analysis of deep learning training and inference computing (forum article, 2020, in Chinese)"
#define SEED004 "Dell enterprise article: Tesla P100 and PowerEdge T640 vs GeForce GTX 1080 Ti for deep learning (2019)"

/* ------------------------------------------------------------ context */

typedef struct line {
    const dlrig_part *part;
    int qty;
} line;

#define MAX_LINES 32

typedef struct ctx {
    const dlrig_catalog *cat;
    const dlrig_build *b;
    dlrig_report *rep;
    dlrig_totals *t;
    const dlrig_rule_info *rule; /* the rule running */
    line gpus[MAX_LINES];
    int n_gpu_lines;
    int n_gpus;
    const dlrig_cpu *cpu;
    int n_cpu;
    const dlrig_motherboard *board; /* listed, or the chassis' built-in board */
    bool board_listed;
    const dlrig_case *cs;
    bool case_psus; /* the chassis brings its own power supplies */
    const dlrig_psu *psu;
    int n_psu;
    const dlrig_cooler *cooler;
    line mems[MAX_LINES];
    int n_mem_lines;
    int modules;
    line drives[MAX_LINES];
    int n_drive_lines;
    line nics[MAX_LINES];
    int n_nic_lines;
    const dlrig_nvlink_bridge *bridge;
    int n_bridges;
    int n_switches;
    const dlrig_workload *wl;
    dlrig_workload job; /* the workload as the request runs it (perf_job_workload), when wl is not the row */
    const dlrig_framework *fw;
    const dlrig_circuit *circuit;
    dlrig_precision precision;  /* requirements_effective_precision */
    const char *precision_name; /* and as the requirement names it */
    double params_m;
    /* the model needs the node's several cards (it does not fit one): 1, 0
     * not, -1 not worked out yet (vram.model_fit works it out; model_split) */
    int split;
} ctx;

static void emit(ctx *c, dlrig_severity sev, const dlrig_part *p1, const dlrig_part *p2, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void emit(ctx *c, dlrig_severity sev, const dlrig_part *p1, const dlrig_part *p2, const char *fmt, ...)
{
    dlrig_report *r = c->rep;
    if (r->n_findings == r->cap_findings) {
        r->cap_findings = r->cap_findings ? r->cap_findings * 2 : 16;
        r->findings = xrealloc(r->findings, r->cap_findings * sizeof *r->findings);
    }
    dlrig_finding *f = &r->findings[r->n_findings++];
    memset(f, 0, sizeof *f);
    f->rule = c->rule;
    f->id = c->rule->id;
    f->severity = sev;
    f->why = c->rule->why;
    f->source = c->rule->source;
    if (p1) f->parts[f->n_parts++] = p1->id;
    if (p2 && p2 != p1) f->parts[f->n_parts++] = p2->id;
    if (r->ids_only) return; /* nobody reads the message */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->message, sizeof f->message, fmt, ap);
    va_end(ap);
}

const char *finding_detail(const dlrig_finding *f)
{
    const char *m = f->unchecked ? strstr(f->message, " not checked: ") : NULL;
    return m ? m + strlen(" not checked: ") : f->message;
}

/* "could not judge" for a rule missing a catalog figure. */
static void cannot_judge(ctx *c, const dlrig_part *p, const char *field)
{
    emit(c, DLRIG_SEV_INFO, p, NULL, "%s not checked: the catalog has no %s for %s", c->rule->id, field,
         p ? p->name : "this build");
    c->rep->findings[c->rep->n_findings - 1].unchecked = true;
}

static const char *short_name(const dlrig_part *p) { return p ? p->name : "?"; }

static const char *slots_desc(double slots, char *buf, size_t len)
{
    if (slots == floor(slots)) snprintf(buf, len, "%d-slot", (int)slots);
    else snprintf(buf, len, "%.1f-slot", slots);
    return buf;
}

static void connector_gap(const dlrig_psu *p, int qty, const dlrig_gpu *g, int n, int ncpu, int *need8, int *need_hpwr,
                          int *need_eps, int *have8, int *have_hpwr, int *have_eps, bool *ok);

/* ------------------------------------------------------------ rules: compat */

size_t rules_missing_categories(const dlrig_build *b, dlrig_category *out, size_t max)
{
    static const dlrig_category need[] = {DLRIG_CAT_GPU, DLRIG_CAT_CPU, DLRIG_CAT_MOTHERBOARD, DLRIG_CAT_MEMORY,
                                          DLRIG_CAT_STORAGE, DLRIG_CAT_PSU, DLRIG_CAT_CASE};
    const dlrig_case *cs = (const dlrig_case *)build_first(b, DLRIG_CAT_CASE, NULL);
    size_t n = 0;
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
        if (build_count(b, need[i]) == 0 && !(need[i] == DLRIG_CAT_MOTHERBOARD && build_board(b)) &&
            !(need[i] == DLRIG_CAT_PSU && case_has_psus(cs)) && n < max)
            out[n++] = need[i];
    if (build_count(b, DLRIG_CAT_COOLER) == 0 && case_needs_cpu_cooler(cs) && n < max) out[n++] = DLRIG_CAT_COOLER;
    return n;
}

static void r_missing(ctx *c)
{
    dlrig_category miss[DLRIG_CAT_COUNT];
    size_t n = rules_missing_categories(c->b, miss, DLRIG_CAT_COUNT);
    char list[256] = "";
    size_t k = 0;
    for (size_t i = 0; i < n && k < sizeof list; i++)
        k += (size_t)snprintf(list + k, sizeof list - k, "%s%s", k ? ", " : "",
                              miss[i] == DLRIG_CAT_COOLER ? "CPU cooler" : category_title(miss[i]));
    if (n) emit(c, DLRIG_SEV_ERROR, NULL, NULL, "The build has no %s", list);
}

bool case_needs_cpu_cooler(const dlrig_case *cs)
{
    /* A complete server ships its heatsinks.  Otherwise a tower or an open
     * frame, or a rack case with a stated cooler clearance (an empty case
     * such as a 4U ATX chassis); rack servers with their own heatsinks state none. */
    if (cs && cs->cpu_heatsinks) return false;
    return !cs || cs->case_kind != DLRIG_CASE_RACK || cs->max_cooler_height_mm != DLRIG_NA;
}

bool case_has_psus(const dlrig_case *cs)
{
    return cs && cs->psu_count != DLRIG_NA && cs->psu_count > 0 && cs->psu_watts != DLRIG_NA;
}

bool board_takes_cpu(const dlrig_motherboard *b, const dlrig_cpu *cpu)
{
    if (strcmp(cpu->socket, b->socket) != 0) return false;
    return !b->cpu_families || list_contains(b->cpu_families, cpu->family);
}

static void r_socket(ctx *c)
{
    if (c->cpu && c->board && strcmp(c->cpu->socket, c->board->socket) != 0)
        emit(c, DLRIG_SEV_ERROR, &c->cpu->p, &c->board->p, "%s (%s) does not fit %s (%s)", c->cpu->p.name,
             c->cpu->socket, c->board->p.name, c->board->socket);
    else if (c->cpu && c->board && !board_takes_cpu(c->board, c->cpu))
        /* Same socket, other platform: sTR5 is shared by TRX50 and WRX90, LGA4677 by W790 and C741. */
        emit(c, DLRIG_SEV_ERROR, &c->cpu->p, &c->board->p, "%s (%s, %s) does not run on %s (%s%s takes %s only)",
             c->cpu->p.name, c->cpu->family, c->cpu->socket, c->board->p.name, c->board->chipset ? c->board->chipset : "",
             c->board->chipset ? ": it" : "it", c->board->cpu_families);
    if (c->cpu && c->board && c->n_cpu > c->board->cpu_sockets)
        emit(c, DLRIG_SEV_ERROR, &c->cpu->p, &c->board->p, "%d CPUs but %s has %d socket%s", c->n_cpu,
             c->board->p.name, c->board->cpu_sockets, c->board->cpu_sockets == 1 ? "" : "s");
    if (c->cpu && c->n_cpu > c->cpu->max_sockets)
        emit(c, DLRIG_SEV_ERROR, &c->cpu->p, NULL, "%d x %s, but it runs only in %d-socket systems", c->n_cpu,
             c->cpu->p.name, c->cpu->max_sockets);
    if (c->cpu && c->cooler && !constraint_cooler_fits_socket(c->cooler, c->cpu))
        emit(c, DLRIG_SEV_ERROR, &c->cooler->p, &c->cpu->p, "%s does not mount on %s (fits %s)", c->cooler->p.name,
             c->cpu->socket, c->cooler->sockets);
}

static void r_memory_type(ctx *c)
{
    if (c->cpu && c->board && strcmp(c->cpu->memory_type, c->board->memory_type) != 0)
        emit(c, DLRIG_SEV_ERROR, &c->cpu->p, &c->board->p, "%s uses %s but %s has %s slots", c->cpu->p.name,
             c->cpu->memory_type, c->board->p.name, c->board->memory_type);
    for (int i = 0; i < c->n_mem_lines && c->board; i++) {
        const dlrig_memory *m = (const dlrig_memory *)c->mems[i].part;
        if (strcmp(m->type, c->board->memory_type) != 0)
            emit(c, DLRIG_SEV_ERROR, &m->p, &c->board->p, "%s is %s; %s takes %s", m->p.name, m->type,
                 c->board->p.name, c->board->memory_type);
        else if (!constraint_memory_fits_board(m, c->board))
            emit(c, DLRIG_SEV_ERROR, &m->p, &c->board->p, "%s is %s; %s takes %s DIMMs", m->p.name,
                 m->registered ? "registered (RDIMM)" : "unbuffered (UDIMM)", c->board->p.name,
                 c->board->rdimm ? "registered" : "unbuffered");
    }
    for (int i = 0; i < c->n_mem_lines && c->cpu; i++) {
        const dlrig_memory *m = (const dlrig_memory *)c->mems[i].part;
        if (!constraint_memory_fits_cpu(m, c->cpu))
            emit(c, DLRIG_SEV_ERROR, &m->p, &c->cpu->p, "%s is registered (RDIMM); %s takes unbuffered DIMMs only",
                 m->p.name, c->cpu->p.name);
    }
}

/* "SSI-EEB" and "EEB" (likewise SSI-CEB and CEB) name the same board size:
 * the cases' lists use the SSI name, the boards the short one. */
static const char *ff_base(const char *s, size_t *len)
{
    if (strncmp(s, "SSI-", 4) == 0) s += 4;
    *len = strcspn(s, ",");
    return s;
}

bool form_factor_fits(const char *list, const char *ff)
{
    if (!list || !ff) return false;
    size_t n;
    const char *want = ff_base(ff, &n);
    for (const char *p = list; *p;) {
        size_t m;
        const char *item = ff_base(p, &m);
        if (m == n && strncmp(item, want, n) == 0) return true;
        p = item + m;
        if (*p == ',') p++;
    }
    return false;
}

static void r_form_factor(ctx *c)
{
    if (!c->board || !c->cs) return;
    if (c->cs->board && c->board != c->cs->board)
        emit(c, DLRIG_SEV_ERROR, &c->board->p, &c->cs->p, "%s is a complete server with its own board (%s); %s does "
             "not go in it", c->cs->p.name, c->cs->board->p.name, c->board->p.name);
    else if (!form_factor_fits(c->cs->form_factors, c->board->form_factor))
        emit(c, DLRIG_SEV_ERROR, &c->board->p, &c->cs->p, "%s (%s) does not fit %s (takes %s)", c->board->p.name,
             c->board->form_factor, c->cs->p.name, c->cs->form_factors);
}

static void r_psu_form(ctx *c)
{
    if (c->psu && c->case_psus) {
        emit(c, DLRIG_SEV_ERROR, &c->psu->p, &c->cs->p, "%s brings its own power supplies (%d x %d W); %s is not "
             "needed (remove it)", c->cs->p.name, c->cs->psu_count, c->cs->psu_watts, c->psu->p.name);
        return;
    }
    if (!c->psu || !c->cs || !c->cs->psu_form_factor) return;
    const char *want = c->cs->psu_form_factor, *have = c->psu->form_factor;
    if (!constraint_psu_fits_case(c->psu, c->cs))
        emit(c, DLRIG_SEV_ERROR, &c->psu->p, &c->cs->p, "%s is a %s unit; %s takes %s power supplies", c->psu->p.name,
             have, c->cs->p.name, want);
}

/* ------------------------------------------------------------ rules: PCIe */

static void r_pcie_slots(ctx *c)
{
    const dlrig_placement *pl = &c->rep->placement;
    if (!c->board || pl->n_unplaced == 0) return;
    char sbuf[16];
    const dlrig_gpu *g = c->n_gpu_lines ? (const dlrig_gpu *)c->gpus[0].part : NULL;
    char slots[96] = "";
    size_t k = 0;
    for (size_t i = 0; i < c->board->n_slots && k < sizeof slots; i++)
        if (c->board->slots[i].physical_width == 16)
            k += (size_t)snprintf(slots + k, sizeof slots - k, "%s%d", k ? "," : "", c->board->slots[i].position);
    size_t placed = pl->n_cards - pl->n_unplaced;
    if (g)
        emit(c, DLRIG_SEV_ERROR, &g->p, &c->board->p,
             "%zu card%s (%d x %s, %s) need slots, but only %zu fit on %s (x16 slots at positions %s%s)",
             pl->n_cards, pl->n_cards == 1 ? "" : "s", c->n_gpus, g->p.name, slots_desc(g->slots, sbuf, sizeof sbuf),
             placed, c->board->p.name, slots[0] ? slots : "none", pl->overhang ? "" : "; no room below the board");
    else
        emit(c, DLRIG_SEV_ERROR, &c->board->p, NULL, "%zu card%s do not fit in the slots of %s", pl->n_unplaced,
             pl->n_unplaced == 1 ? "" : "s", c->board->p.name);
}

/* A language model generating tokens: only a token's activations cross
 * between cards, so link width and NVLink barely matter. */
static bool generation_only(const ctx *c)
{
    const char *m = c->b->req.method;
    if (m[0]) return id_index(dlrig_method_ids, m) == DLRIG_METHOD_INFERENCE;
    return c->wl && c->wl->single_stream;
}

static void r_pcie_lanes(ctx *c)
{
    const dlrig_placement *pl = &c->rep->placement;
    if (!c->cpu || !c->board) return;
    if (c->t->lanes_used > c->t->lanes_available)
        emit(c, DLRIG_SEV_WARNING, &c->cpu->p, &c->board->p,
             "Cards and drives on CPU lanes need %d lanes; %d x %s provides %d", c->t->lanes_used, c->n_cpu,
             c->cpu->p.name, c->t->lanes_available);
    char narrow[200] = "";
    size_t k = 0;
    int worst = 16;
    const dlrig_part *first = NULL;
    for (size_t i = 0; i < pl->n_cards; i++) {
        const dlrig_placed *p = &pl->cards[i];
        if (!p->position || p->part->category != DLRIG_CAT_GPU || p->link_width >= 16) continue;
        if (!first) first = p->part;
        if (p->link_width < worst) worst = p->link_width;
        if (k < sizeof narrow && !c->rep->ids_only) /* text only for a message someone reads */
            k += (size_t)snprintf(narrow + k, sizeof narrow - k, "%sslot %d at x%d", k ? ", " : "", p->position,
                                  p->link_width);
    }
    if (first && generation_only(c))
        emit(c, DLRIG_SEV_INFO, first, &c->board->p,
             "GPUs run below x16 on %s: %s (generating tokens passes only activations between cards)",
             c->board->p.name, narrow);
    else if (first)
        emit(c, worst < 8 ? DLRIG_SEV_WARNING : DLRIG_SEV_INFO, first, &c->board->p,
             "GPUs run below x16 on %s: %s%s", c->board->p.name, narrow,
             worst < 8 ? " (below x8 all-reduce bandwidth halves again)" : "");
}

/* SXM modules sit on an HGX baseboard that lists them; PCIe cards do not go
 * into an HGX server (its slots are for NICs). */
static void r_sxm(ctx *c)
{
    int sxm = 0;
    for (int i = 0; i < c->n_gpu_lines; i++)
        if (constraint_gpu_sxm((const dlrig_gpu *)c->gpus[i].part)) sxm += c->gpus[i].qty;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (!constraint_gpu_sxm(g)) {
            if (c->cs && constraint_case_sxm(c->cs))
                emit(c, DLRIG_SEV_ERROR, &g->p, &c->cs->p,
                     "%s is a PCIe card; %s carries its GPUs as SXM modules on its HGX baseboard (%s) and its "
                     "slots are for network cards",
                     g->p.name, c->cs->p.name, c->cs->sxm_gpu_ids);
            continue;
        }
        if (!c->cs || !constraint_case_sxm(c->cs))
            emit(c, DLRIG_SEV_ERROR, &g->p, c->cs ? &c->cs->p : NULL,
                 "%s is an SXM module: it mounts only on the HGX baseboard of a GPU server that takes it, and %s",
                 g->p.name, c->cs ? "this case has none" : "the build has no such server");
        else if (!list_contains(c->cs->sxm_gpu_ids, g->p.id))
            emit(c, DLRIG_SEV_ERROR, &g->p, &c->cs->p, "%s's baseboard takes %s, not %s", c->cs->p.name,
                 c->cs->sxm_gpu_ids, g->p.name);
    }
    const dlrig_part *module = NULL; /* the first SXM module, named with the baseboard */
    for (int i = 0; i < c->n_gpu_lines && !module; i++)
        if (constraint_gpu_sxm((const dlrig_gpu *)c->gpus[i].part)) module = c->gpus[i].part;
    if (c->cs && constraint_case_sxm(c->cs) && sxm > c->cs->sxm_gpus)
        emit(c, DLRIG_SEV_ERROR, module, &c->cs->p, "%d SXM modules, but %s's baseboard has %d sockets", sxm,
             c->cs->p.name, c->cs->sxm_gpus);
    else if (c->cs && constraint_case_sxm(c->cs) && sxm > 0 && sxm < c->cs->sxm_gpus)
        emit(c, DLRIG_SEV_ERROR, module, &c->cs->p,
             "%d SXM modules on %s's %d-socket baseboard: the baseboard is sold with every socket filled", sxm,
             c->cs->p.name, c->cs->sxm_gpus);
}

/* ------------------------------------------------------------ rules: case */

static void r_gpu_length(ctx *c)
{
    if (!c->cs || constraint_case_frame(c->cs)) return; /* an open frame has no front to clear */
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (constraint_gpu_sxm(g)) continue; /* a module on the baseboard, not a card */
        if (c->cs->max_gpu_length_mm == DLRIG_NA) {
            cannot_judge(c, &c->cs->p, "maximum GPU length");
            return;
        }
        if (g->length_mm == DLRIG_NA) {
            cannot_judge(c, &g->p, "card length");
            continue;
        }
        if (!constraint_case_gpu_length_ok(c->cs, g))
            emit(c, DLRIG_SEV_ERROR, &g->p, &c->cs->p, "%s is %d mm long; %s takes cards up to %d mm", g->p.name,
                 g->length_mm, c->cs->p.name, c->cs->max_gpu_length_mm);
    }
}

static void r_cooler_height(ctx *c)
{
    if (!c->cs || !c->cooler || c->cooler->cooler_kind != DLRIG_COOLER_AIR || constraint_case_frame(c->cs)) return;
    if (c->cs->max_cooler_height_mm == DLRIG_NA) {
        cannot_judge(c, &c->cs->p, "CPU cooler clearance");
        return;
    }
    if (c->cooler->height_mm == DLRIG_NA) {
        cannot_judge(c, &c->cooler->p, "height");
        return;
    }
    if (!constraint_cooler_fits_case(c->cooler, c->cs))
        emit(c, DLRIG_SEV_ERROR, &c->cooler->p, &c->cs->p, "%s is %d mm tall; %s clears %d mm", c->cooler->p.name,
             c->cooler->height_mm, c->cs->p.name, c->cs->max_cooler_height_mm);
}

/* An open frame: each card on a riser cable, bought apart. */
static void r_frame_risers(ctx *c)
{
    if (!constraint_case_frame(c->cs) || c->n_gpus == 0 || !c->n_gpu_lines) return;
    int gen = constraint_case_link_gen(c->cs), faster = 0, faster_gen = 0;
    const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[0].part;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *x = (const dlrig_gpu *)c->gpus[i].part;
        if (x->pcie_gen <= gen) continue;
        faster += c->gpus[i].qty;
        if (x->pcie_gen > faster_gen) faster_gen = x->pcie_gen;
    }
    char len[32] = "";
    if (c->cs->riser_mm != DLRIG_NA) snprintf(len, sizeof len, ", %d mm", c->cs->riser_mm);
    char slow[96] = "";
    if (faster)
        snprintf(slow, sizeof slow, "; %d PCIe %d.0 card%s link%s at %d.0 over them", faster, faster_gen,
                 faster == 1 ? "" : "s", faster == 1 ? "s" : "", gen);
    emit(c, DLRIG_SEV_INFO, &c->cs->p, &g->p,
         "%d GPU%s on %s stand on PCIe %d.0 x16 riser cables (one a card%s), bought apart and not in the price%s",
         c->n_gpus, c->n_gpus == 1 ? "" : "s", c->cs->p.name, gen, len, slow);
}

static void r_riser_length(ctx *c)
{
    if (!constraint_case_frame(c->cs) || c->n_gpus == 0) return;
    const dlrig_placement *pl = &c->rep->placement;
    int gen = 0;
    for (size_t i = 0; i < pl->n_cards; i++)
        if (pl->cards[i].part->category == DLRIG_CAT_GPU && pl->cards[i].position && pl->cards[i].link_gen > gen)
            gen = pl->cards[i].link_gen;
    if (!constraint_riser_length_ok(c->cs, gen))
        emit(c, DLRIG_SEV_WARNING, &c->cs->p, NULL,
             "%s's risers are %d mm; at PCIe %d.0 keep them to %d mm or set the slots to PCIe 3.0 in the firmware",
             c->cs->p.name, c->cs->riser_mm, gen, CONSTRAINT_RISER_MAX_MM);
}

/* ------------------------------------------------------------ rules: cooling */

static void r_open_air_dense(ctx *c)
{
    if (constraint_case_frame(c->cs)) return; /* cards on risers stand apart, each in open air */
    const dlrig_placement *pl = &c->rep->placement;
    int dense = 0;
    const dlrig_gpu *g = NULL;
    for (size_t i = 0; i < pl->n_cards; i++) {
        const dlrig_placed *a = &pl->cards[i];
        if (!a->position || a->part->category != DLRIG_CAT_GPU) continue;
        const dlrig_gpu *ga = (const dlrig_gpu *)a->part;
        if (ga->cooler_type != DLRIG_GPU_COOLER_OPEN_AIR) continue;
        /* Another card starts right below this one: its fans breathe on a backplate. */
        for (size_t j = 0; j < pl->n_cards; j++) {
            const dlrig_placed *bb = &pl->cards[j];
            if (j == i || !bb->position) continue;
            if (bb->position == a->position + a->width) {
                dense++;
                g = ga;
                break;
            }
        }
    }
    if (dense) {
        char sbuf[16];
        int n_model = 0; /* cards of that model, not every GPU of a mixed build */
        for (int i = 0; i < c->n_gpu_lines; i++)
            if (c->gpus[i].part == &g->p) n_model += c->gpus[i].qty;
        emit(c, DLRIG_SEV_WARNING, &g->p, NULL,
             "%d x %s (open-air, %s) in adjacent slots: expect ~30%% throttling; use blower cards or leave gaps",
             n_model, g->p.name, slots_desc(g->slots, sbuf, sizeof sbuf));
    }
}

static void r_passive(ctx *c)
{
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (!c->cs) continue;
        if (!constraint_case_cools_gpu(c->cs, g))
            emit(c, DLRIG_SEV_ERROR, &g->p, &c->cs->p,
                 "%s is %s and needs a server chassis with forced airflow; %s has none", g->p.name,
                 g->cooler_type == DLRIG_GPU_COOLER_PASSIVE ? "passively cooled" : "a datacenter card",
                 c->cs->p.name);
    }
}

static void r_max_gpus(ctx *c)
{
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (!constraint_gpu_count_ok(g, c->gpus[i].qty))
            emit(c, DLRIG_SEV_WARNING, &g->p, NULL, "%d x %s: at most %d per machine (%s)", c->gpus[i].qty, g->p.name,
                 g->max_per_machine, g->max_note ? g->max_note : "vendor guidance");
    }
    if (c->cs && !constraint_case_gpu_count_ok(c->cs, c->n_gpus))
        emit(c, DLRIG_SEV_ERROR, &c->cs->p, NULL, "%d GPUs, but %s is built for at most %d", c->n_gpus,
             c->cs->p.name, c->cs->max_gpus);
}

/* ------------------------------------------------------------ rules: power */

/* "Dell PowerEdge T640's 2 x 1600 W supplies (1+1 redundant)" */
static const char *case_psus_desc(const dlrig_case *cs, char *buf, size_t len)
{
    int spare = cs->psu_redundant != DLRIG_NA ? cs->psu_redundant : 0;
    if (spare > 0)
        snprintf(buf, len, "%s's %d x %d W supplies (%d+%d redundant)", cs->p.name, cs->psu_count, cs->psu_watts,
                 cs->psu_count - spare, spare);
    else
        snprintf(buf, len, "%s's %d x %d W supplies", cs->p.name, cs->psu_count, cs->psu_watts);
    return buf;
}

/* "; limiting each GPU to 400 W (...) fits it, ~4% slower" when one power
 * limit in the measured range takes cut_w off the sustained draw, else "". */
static const char *limit_hint(const ctx *c, double cut_w, char *buf, size_t len)
{
    double speed = 1;
    int lim = power_limit_to_cut(c->b, cut_w, &speed);
    if (lim > 0)
        snprintf(buf, len, "; limiting each GPU to %d W (nvidia-smi -pl %d; power_limit_w in the build) fits it, "
                 "~%.0f%% slower", lim, lim, 100.0 * (1.0 - speed));
    else if (len) buf[0] = '\0';
    return buf;
}

static void r_psu_capacity(ctx *c)
{
    bool low_line = c->circuit && c->circuit->volts < 200;
    if (!c->psu && c->case_psus) {
        char d[200];
        case_psus_desc(c->cs, d, sizeof d);
        if (low_line && c->cs->psu_watts_115v == DLRIG_NA)
            emit(c, DLRIG_SEV_ERROR, &c->cs->p, NULL, "%s are not rated for %d V input (%s circuit)", d,
                 c->circuit->volts, c->circuit->id);
        else if (c->t->power_w > c->t->psu_w)
            emit(c, DLRIG_SEV_ERROR, &c->cs->p, NULL,
                 "Rated draw %.0f W exceeds %s: %.0f W with the redundant unit%s failed%s", c->t->power_w, d,
                 c->t->psu_w, c->cs->psu_redundant == 1 ? "" : "s", low_line ? " at low-line input" : "");
        return;
    }
    if (!c->psu) return;
    if (low_line && c->psu->watts_115v == DLRIG_NA) {
        emit(c, DLRIG_SEV_ERROR, &c->psu->p, NULL, "%s is not rated for %d V input (%s circuit)", c->psu->p.name,
             c->circuit->volts, c->circuit->id);
        return;
    }
    char hint[200];
    if (c->t->power_w > c->t->psu_w)
        emit(c, DLRIG_SEV_ERROR, &c->psu->p, NULL, "Rated draw %.0f W exceeds %s: %.0f W%s%s", c->t->power_w,
             c->psu->p.name, c->t->psu_w, low_line ? " at low-line input" : "",
             limit_hint(c, c->t->power_w - c->t->psu_w, hint, sizeof hint));
}

static void r_headroom(ctx *c)
{
    if ((!c->psu && !c->case_psus) || c->t->psu_w <= 0 || c->t->power_w > c->t->psu_w) return;
    char d[200];
    const dlrig_part *p = c->psu ? &c->psu->p : &c->cs->p;
    char hint[200];
    if (!constraint_psu_carries(c->t->psu_w, c->t->power_w))
        emit(c, DLRIG_SEV_WARNING, p, NULL,
             "Rated draw %.0f W is %.0f%% of %s (%.0f W); keep it under %.0f%% for GPU transients (peak %.0f W)%s",
             c->t->power_w, 100.0 * c->t->power_w / c->t->psu_w, c->psu ? p->name : case_psus_desc(c->cs, d, sizeof d),
             c->t->psu_w, 100.0 * CONSTRAINT_PSU_MAX_LOAD_FRACTION, c->t->peak_power_w,
             limit_hint(c, c->t->power_w - constraint_psu_max_load_w(c->t->psu_w), hint, sizeof hint));
}

static void r_connectors(ctx *c)
{
    if (!c->psu || c->n_gpus == 0) return;
    if (c->psu->form == DLRIG_PSU_SERVER) return; /* the chassis' power board feeds the cards */
    int need8 = 0, need_hpwr = 0, need_eps = 0, have8 = 0, have_hpwr = 0, have_eps = 0;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        int a8, ah, ae;
        bool ok;
        connector_gap(c->psu, c->n_psu, (const dlrig_gpu *)c->gpus[i].part, c->gpus[i].qty, c->n_cpu, &a8, &ah, &ae,
                      &have8, &have_hpwr, &have_eps, &ok);
        need8 += a8;
        need_hpwr += ah;
        need_eps += ae;
    }
    int short_hpwr = need_hpwr > have_hpwr ? need_hpwr - have_hpwr : 0;
    const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[0].part;
    if (need8 + short_hpwr * HPWR_AS_8PIN > have8) {
        char extra[96] = "";
        if (need_hpwr)
            snprintf(extra, sizeof extra, " and %d 12V-2x6 input%s (%d 8-pin in all, an adapter taking %d each)",
                     need_hpwr, need_hpwr == 1 ? "" : "s", need8 + need_hpwr * HPWR_AS_8PIN, HPWR_AS_8PIN);
        emit(c, DLRIG_SEV_ERROR, &c->psu->p, &g->p, "GPUs need %d PCIe 8-pin%s; %s has %d 8-pin and %d 12V-2x6",
             need8, extra, c->psu->p.name, have8, have_hpwr);
    }
    if (need_eps > 0 && need_eps > have_eps)
        emit(c, DLRIG_SEV_ERROR, &c->psu->p, &g->p,
             "GPUs need %d CPU 8-pin (EPS) inputs; %s has %d left after the CPU%s", need_eps, c->psu->p.name,
             have_eps > 0 ? have_eps : 0, c->n_cpu > 1 ? "s" : "");
}

static void r_circuit(ctx *c)
{
    if (!c->circuit) {
        /* No circuit to judge; still say when the PSU needs a 200-240 V outlet. */
        if (c->psu && c->psu->watts_115v == DLRIG_NA)
            emit(c, DLRIG_SEV_INFO, &c->psu->p, NULL,
                 "%s runs on 200-240 V only and no circuit is given: a 120 V outlet cannot feed it",
                 c->psu->p.name);
        else if (!c->psu && c->case_psus && c->cs->psu_watts_115v == DLRIG_NA)
            emit(c, DLRIG_SEV_INFO, &c->cs->p, NULL,
                 "%s runs its power supplies on 200-240 V only (no low-line rating in the catalog) and no circuit is "
                 "given: a 120 V outlet cannot feed it",
                 c->cs->p.name);
        return;
    }
    char hint[200];
    /* The cut in GPU power limits: the wall excess through the supply, over the share of its limit a card draws. */
    if (!constraint_circuit_carries(c->circuit, c->t->wall_w))
        emit(c, DLRIG_SEV_ERROR, c->psu ? &c->psu->p : c->case_psus ? &c->cs->p : NULL, NULL,
             "The machine draws about %.0f W at the wall running %s (%s, %.0f%% supply efficiency at that load); a %s "
             "circuit supplies %d W continuous%s",
             c->t->wall_w, c->wl ? c->wl->name : "a training load", power_load_assumption(c->wl),
             100.0 * c->t->load_w / c->t->wall_w, c->circuit->id, c->circuit->continuous_w,
             limit_hint(c,
                        (c->t->wall_w - constraint_circuit_max_wall_w(c->circuit)) * c->t->load_w / c->t->wall_w /
                            power_gpu_load_share(c->wl),
                        hint, sizeof hint));
}

/* ------------------------------------------------------------ rules: memory */

static void r_below_largest(ctx *c)
{
    if (c->n_mem_lines == 0 || c->n_gpus == 0) return;
    if (!constraint_ram_covers_vram(c->t->ram_gb, c->t->vram_max_gb))
        emit(c, DLRIG_SEV_WARNING, c->mems[0].part, c->gpus[0].part,
             "%d GB of RAM is less than one GPU's %.0f GB of VRAM (%s)", c->t->ram_gb, c->t->vram_max_gb,
             short_name(c->gpus[0].part));
}

static void r_below_total(ctx *c)
{
    if (c->n_mem_lines == 0 || c->n_gpus == 0) return;
    double want = constraint_ram_recommended_gb(c->t->vram_gb);
    if (constraint_ram_covers_vram(c->t->ram_gb, c->t->vram_max_gb) && c->t->ram_gb < want)
        emit(c, DLRIG_SEV_INFO, c->mems[0].part, NULL,
             "%d GB of RAM for %.0f GB of total VRAM; %.0f GB or more is the usual recommendation", c->t->ram_gb,
             c->t->vram_gb, want);
}

static void r_dataset_ram(ctx *c)
{
    double ds = c->b->req.dataset_gb;
    if (isnan(ds) || c->n_mem_lines == 0) return;
    if (c->wl && !c->wl->training) return; /* serving reads no dataset epoch after epoch */
    if (ds > c->t->ram_gb)
        emit(c, DLRIG_SEV_INFO, c->mems[0].part, NULL,
             "The %.0f GB dataset is larger than %d GB of RAM: it will stream from storage each epoch (use NVMe)", ds,
             c->t->ram_gb);
}

static void r_channels(ctx *c)
{
    if (!c->cpu || c->n_mem_lines == 0) return;
    int channels = constraint_memory_channels(c->board, c->cpu, c->n_cpu);
    if (c->modules < channels)
        emit(c, DLRIG_SEV_WARNING, c->mems[0].part, &c->cpu->p,
             "%d memory module%s for %d channels: memory bandwidth drops to %d/%d", c->modules,
             c->modules == 1 ? "" : "s", channels, c->modules, channels);
}

static void r_two_per_channel(ctx *c)
{
    if (!c->cpu || c->n_mem_lines == 0) return;
    int channels = constraint_memory_channels(c->board, c->cpu, c->n_cpu);
    const dlrig_memory *m = (const dlrig_memory *)c->mems[0].part;
    if (!constraint_memory_full_speed(m, c->modules, channels))
        emit(c, DLRIG_SEV_INFO, &m->p, &c->cpu->p,
             "%d unbuffered modules on %d channels: two a channel run slower than one (%d modules of twice the "
             "size keep the rated speed)", c->modules, channels, channels);
}

static void r_capacity(ctx *c)
{
    if (c->n_mem_lines == 0) return;
    if (c->board && !constraint_ram_capacity_ok(c->board, NULL, 0, c->t->ram_gb))
        emit(c, DLRIG_SEV_ERROR, c->mems[0].part, &c->board->p, "%d GB of RAM; %s supports at most %d GB",
             c->t->ram_gb, c->board->p.name, c->board->max_memory_gb);
    if (c->cpu && !constraint_ram_capacity_ok(NULL, c->cpu, c->n_cpu, c->t->ram_gb))
        emit(c, DLRIG_SEV_ERROR, c->mems[0].part, &c->cpu->p, "%d GB of RAM; %d x %s supports at most %d GB",
             c->t->ram_gb, c->n_cpu, c->cpu->p.name, c->cpu->max_memory_gb * (c->n_cpu ? c->n_cpu : 1));
}

static void r_mem_slots(ctx *c)
{
    if (c->board && c->modules > c->board->memory_slots)
        emit(c, DLRIG_SEV_ERROR, c->mems[0].part, &c->board->p, "%d memory modules; %s has %d slots", c->modules,
             c->board->p.name, c->board->memory_slots);
}

/* ------------------------------------------------------------ rules: ECC */

static void r_ecc_gpu(ctx *c)
{
    if (!(c->b->req.require & DLRIG_REQ_ECC)) return;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (!g->ecc)
            emit(c, DLRIG_SEV_ERROR, &g->p, NULL, "ECC is required but %s has no ECC on its VRAM", g->p.name);
    }
}

static void r_ecc_memory(ctx *c)
{
    if (!(c->b->req.require & DLRIG_REQ_ECC)) return;
    for (int i = 0; i < c->n_mem_lines; i++) {
        const dlrig_memory *m = (const dlrig_memory *)c->mems[i].part;
        if (!m->ecc) emit(c, DLRIG_SEV_ERROR, &m->p, NULL, "ECC is required but %s is non-ECC memory", m->p.name);
    }
    if (c->board && !c->board->ecc)
        emit(c, DLRIG_SEV_ERROR, &c->board->p, NULL, "ECC is required but %s does not support ECC memory",
             c->board->p.name);
    if (c->cpu && !c->cpu->ecc)
        emit(c, DLRIG_SEV_ERROR, &c->cpu->p, NULL, "ECC is required but %s does not support ECC memory",
             c->cpu->p.name);
}

/* ------------------------------------------------------------ rules: NVLink */

static void r_nvlink_unsupported(ctx *c)
{
    if (!c->bridge) return;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        bool fits = false;
        for (size_t k = 0; k < c->bridge->n_fits; k++)
            if (c->bridge->fits[k] == g) fits = true;
        if (!g->nvlink)
            emit(c, DLRIG_SEV_ERROR, &c->bridge->p, &g->p, "%s has no NVLink connector; %s cannot join it",
                 g->p.name, c->bridge->p.name);
        else if (!fits)
            emit(c, DLRIG_SEV_ERROR, &c->bridge->p, &g->p, "%s does not fit %s (%s)", c->bridge->p.name, g->p.name,
                 g->nvlink);
    }
    if (c->n_gpus < 2)
        emit(c, DLRIG_SEV_ERROR, &c->bridge->p, NULL, "%s joins two GPUs; the build has %d", c->bridge->p.name,
             c->n_gpus);
}

static void r_bridge_spacing(ctx *c)
{
    if (!c->bridge || c->n_gpus < 2) return;
    const dlrig_placement *pl = &c->rep->placement;
    int pos[DLRIG_MAX_CARDS], n = 0;
    for (size_t i = 0; i < pl->n_cards; i++)
        if (pl->cards[i].part->category == DLRIG_CAT_GPU && pl->cards[i].position) pos[n++] = pl->cards[i].position;
    /* Sort positions; pairs are neighbours (1-2, 3-4, ...). */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && pos[j - 1] > pos[j]; j--) {
            int t = pos[j];
            pos[j] = pos[j - 1];
            pos[j - 1] = t;
        }
    /* on an open frame the builder spaces the cards for the bridge */
    for (int i = 0; i + 1 < n && !constraint_case_frame(c->cs); i += 2) {
        int d = pos[i + 1] - pos[i];
        if (d != c->bridge->slot_spacing) {
            emit(c, DLRIG_SEV_ERROR, &c->bridge->p, NULL,
                 "%s spans %d slots, but the GPUs sit in positions %d and %d (%d apart)", c->bridge->p.name,
                 c->bridge->slot_spacing, pos[i], pos[i + 1], d);
            return;
        }
    }
    int pairs = n / 2, need = pairs * (c->bridge->per_pair > 0 ? c->bridge->per_pair : 1);
    if (c->n_bridges < need)
        emit(c, DLRIG_SEV_WARNING, &c->bridge->p, NULL, "%d GPU pair%s need %d x %s for full bandwidth; the build has %d",
             pairs, pairs == 1 ? "" : "s", need, c->bridge->p.name, c->n_bridges);
}

static void r_nvlink_recommended(ctx *c)
{
    bool required = c->b->req.require & DLRIG_REQ_NVLINK;
    bool wants = c->wl && c->wl->priority_kind == DLRIG_PRIORITY_BANDWIDTH && c->n_gpus >= 2;
    /* generating tokens exchanges only a token's activations between cards:
     * no gradients to all-reduce */
    if (generation_only(c)) wants = false;
    if (!required && !wants) return;
    if (c->n_gpus == 0) return;
    const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[0].part;
    if (c->bridge) return; /* judged by nvlink.unsupported / bridge_spacing */
    bool switched = true; /* SXM modules talk NVLink through the baseboard's NVSwitches */
    for (int i = 0; i < c->n_gpu_lines; i++)
        if (!constraint_gpu_sxm((const dlrig_gpu *)c->gpus[i].part) || !((const dlrig_gpu *)c->gpus[i].part)->nvlink)
            switched = false;
    if (switched) return;
    dlrig_severity sev = required ? DLRIG_SEV_ERROR : DLRIG_SEV_INFO;
    if (g->nvlink)
        emit(c, sev, &g->p, NULL, "%s%d x %s without an NVLink bridge: gradients cross PCIe instead (NVLink is 5-12x faster)",
             required ? "NVLink is required: " : "", c->n_gpus, g->p.name);
    else
        emit(c, sev, &g->p, NULL, "%s%s has no NVLink: multi-GPU %s work all-reduces over PCIe",
             required ? "NVLink is required but " : "", g->p.name, c->wl ? c->wl->id : "");
}

/* ------------------------------------------------------------ rules: VRAM */

/* A language-model job: the breakdown of what one card must hold. */
static bool llm_model_fit(ctx *c)
{
    const dlrig_gpu *small = NULL;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (!small || g->vram_gb < small->vram_gb) small = g;
    }
    dlrig_fit one, all;
    char err[256];
    int rc = perf_llm_fit(c->cat, &c->b->req, c->wl, small, c->n_gpus, NULL, &one, &all, err, sizeof err);
    if (rc == 0) return false;
    if (rc < 0) {
        c->split = 0;
        emit(c, DLRIG_SEV_ERROR, &small->p, NULL, "%s", err);
        return true;
    }
    const dlrig_fit *f = c->n_gpus > 1 ? &all : &one;
    c->split = c->n_gpus > 1 && !one.fits;
    if (f->fits && (one.fits || c->n_gpus == 1)) return true;
    const dlrig_mem_breakdown *m = &f->per_gpu;
    /* splitting inference over cards is how large models run; sharding
     * training costs communication every step */
    bool inference = all.speed_kind && !strcmp(all.speed_kind, "generation");
    if (f->fits)
        emit(c, inference ? DLRIG_SEV_INFO : DLRIG_SEV_WARNING, &small->p, NULL,
             "The job needs %.1f GiB on one %s (%.0f GiB): it runs %s, %.1f GiB a card", one.per_gpu.total, small->p.name, small->vram_gb, f->strategy, m->total);
    else
        emit(c, DLRIG_SEV_ERROR, &small->p, NULL,
             "The job needs %.1f GiB a card on %d x %s (%.0f GiB): weights %.1f, KV cache %.1f, activations %.1f, "
             "gradients %.1f, optimizer %.1f, overhead %.1f (%s)",
             m->total, c->n_gpus, small->p.name, small->vram_gb, m->weights, m->kv_cache, m->activations, m->gradients,
             m->optimizer, m->overhead, f->strategy);
    return true;
}

static void r_model_fit(ctx *c)
{
    if (!c->wl || c->n_gpus == 0) {
        c->split = 0;
        return;
    }
    if (llm_model_fit(c)) return;
    double need = perf_model_memory_gb(c->wl, c->params_m, c->precision, 1);
    double vmin = INFINITY;
    const dlrig_gpu *small = NULL;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (g->vram_gb < vmin) {
            vmin = g->vram_gb;
            small = g;
        }
    }
    c->split = c->n_gpus > 1 && need > vmin && !c->wl->whole_on_card;
    if (need <= vmin) return;
    if (c->wl->whole_on_card)
        emit(c, DLRIG_SEV_ERROR, &small->p, NULL,
             "%s needs ~%.0f GB on each card (its trainers hold the whole model on every card); one %s has %.0f GB",
             c->wl->reference_model, need, small->p.name, vmin);
    else if (need <= c->t->vram_gb)
        emit(c, DLRIG_SEV_WARNING, &small->p, NULL,
             "A %.0fM-parameter %s needs ~%.0f GB at %s; one %s has %.0f GB: shard it (FSDP/ZeRO) over %d GPUs",
             c->params_m, c->wl->id, need, c->precision_name, small->p.name, vmin, c->n_gpus);
    else
        emit(c, DLRIG_SEV_ERROR, &small->p, NULL,
             "A %.0fM-parameter %s needs ~%.0f GB at %s; the node's GPUs have %.0f GB in all", c->params_m,
             c->wl->id, need, c->precision_name, c->t->vram_gb);
}

/* Whether the job fits on one of the build's smallest cards (the model, its
 * optimizer state and activations; a language model by its own memory model). */
static bool job_fits_one_card(ctx *c, const dlrig_gpu **small_out, double *need_gib, const char **unit)
{
    const dlrig_gpu *small = NULL;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (!small || g->vram_gb < small->vram_gb) small = g;
    }
    *small_out = small;
    dlrig_fit one, all;
    char err[256];
    int rc = perf_llm_fit(c->cat, &c->b->req, c->wl, small, 1, NULL, &one, &all, err, sizeof err);
    if (rc > 0) {
        *need_gib = one.per_gpu.total;
        *unit = "GiB";
        return one.fits;
    }
    *unit = "GB";
    *need_gib = perf_model_memory_gb(c->wl, c->params_m, c->precision, 1);
    return *need_gib <= small->vram_gb;
}

/* The purchase's shape as the requirements state it: the GPU count, VRAM a
 * card, a job that fits on one card. */
static void r_shape_gpus(ctx *c)
{
    const dlrig_requirements *q = &c->b->req;
    if (c->n_gpus == 0 || constraint_gpu_count_requested(q, c->n_gpus)) return;
    if (q->min_gpus > 0 && q->min_gpus == q->max_gpus)
        emit(c, DLRIG_SEV_ERROR, c->gpus[0].part, NULL, "%d GPU%s a node; the requirements ask for exactly %d",
             c->n_gpus, c->n_gpus == 1 ? "" : "s", q->min_gpus);
    else if (q->min_gpus > 0 && c->n_gpus < q->min_gpus)
        emit(c, DLRIG_SEV_ERROR, c->gpus[0].part, NULL, "%d GPU%s a node; the requirements ask for at least %d",
             c->n_gpus, c->n_gpus == 1 ? "" : "s", q->min_gpus);
    else
        emit(c, DLRIG_SEV_ERROR, c->gpus[0].part, NULL, "%d GPUs a node; the requirements ask for at most %d",
             c->n_gpus, q->max_gpus);
}

static void r_shape_vram(ctx *c)
{
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (!constraint_vram_requested(&c->b->req, g))
            emit(c, DLRIG_SEV_ERROR, &g->p, NULL, "%s has %.0f GB; the requirements ask for %.0f GB or more a card",
                 g->p.name, g->vram_gb, c->b->req.min_vram_gb);
    }
}

static void r_shape_one_card(ctx *c)
{
    if (!c->b->req.one_card || !c->wl || c->n_gpus == 0) return;
    const dlrig_gpu *small;
    double need;
    const char *unit;
    if (job_fits_one_card(c, &small, &need, &unit)) return;
    emit(c, DLRIG_SEV_ERROR, &small->p, NULL,
         "The job needs about %.1f %s on one card and %s has %.0f %s; the requirements say it must fit on one card",
         need, unit, small->p.name, small->vram_gb, unit);
}

/* A workload mix: the second job the requirements name runs on the build's
 * GPUs (its method on their platform, its memory on the cards). */
static void r_second_job(ctx *c)
{
    if (!c->b->req.also_model[0] || c->n_gpus == 0) return;
    dlrig_fit_query q;
    char err[400];
    int rc = llm_query_second(c->cat, &c->b->req, &q, err, sizeof err);
    if (rc < 0) {
        emit(c, DLRIG_SEV_ERROR, NULL, NULL, "%s", err);
        return;
    }
    if (rc == 0) return;
    const dlrig_gpu *small = NULL;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (!small || g->vram_gb < small->vram_gb) small = g;
    }
    char why[256];
    const char *name = q.model.name ? q.model.name : c->b->req.also_model;
    if (!llm_gpu_runs(small, &q, why, sizeof why)) {
        emit(c, DLRIG_SEV_ERROR, &small->p, NULL, "The second job (%s, %s) cannot run: %s", name,
             dlrig_method_ids[q.method], why);
        return;
    }
    dlrig_fit f;
    /* held to one card as the first job is when the requirements say so (--one-card) */
    bool one = c->b->req.one_card;
    llm_fit(small, one ? 1 : c->n_gpus, NULL, &q, &f);
    if (!f.fits && one)
        emit(c, DLRIG_SEV_ERROR, &small->p, NULL,
             "The second job (%s, %s, %s weights) needs %.1f GiB on one card and %s has %.0f GiB; the requirements "
             "say each job must fit on one card", name, dlrig_method_ids[q.method], q.weights.name, f.per_gpu.total,
             small->p.name, small->vram_gb);
    else if (!f.fits)
        emit(c, DLRIG_SEV_ERROR, &small->p, NULL,
             "The second job (%s, %s, %s weights) needs %.1f GiB a card on %d x %s (%.0f GiB)", name,
             dlrig_method_ids[q.method], q.weights.name, f.per_gpu.total, c->n_gpus, small->p.name, small->vram_gb);
}

static void r_vram_tier(ctx *c)
{
    if (!c->wl) return;
    /* a named language model: the memory model says what fits (vram.model_fit) */
    if (c->b->req.model[0]) return;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (g->vram_gb < c->wl->min_vram_gb)
            emit(c, DLRIG_SEV_WARNING, &g->p, NULL, "%s has %.0f GB; %s work wants at least %.0f GB per GPU",
                 g->p.name, g->vram_gb, c->wl->id, c->wl->min_vram_gb);
    }
}

/* ------------------------------------------------------------ rules: GPU */

static void r_mixed(ctx *c)
{
    /* another model than the first line's (a part owned and more of it bought are two lines of one model) */
    for (int i = 1; i < c->n_gpu_lines; i++)
        if (c->gpus[i].part != c->gpus[0].part) {
            emit(c, DLRIG_SEV_WARNING, c->gpus[0].part, c->gpus[i].part,
                 "Different GPU models (%s, %s): data-parallel training runs at the slowest card's pace",
                 c->gpus[0].part->name, c->gpus[i].part->name);
            return;
        }
}

static void r_fp64(ctx *c)
{
    if (!c->wl || c->wl->priority_kind != DLRIG_PRIORITY_FP64) return;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (isnan(g->fp64_tflops)) {
            cannot_judge(c, &g->p, "FP64 throughput");
            continue;
        }
        if (g->fp64_tflops < FP64_WEAK_RATIO * g->fp32_tflops)
            emit(c, DLRIG_SEV_WARNING, &g->p, NULL, "%s runs FP64 at %.2f TFLOPS (1/%.0f of FP32) for FP64 work",
                 g->p.name, g->fp64_tflops, g->fp32_tflops / (g->fp64_tflops > 0 ? g->fp64_tflops : 1));
    }
}

static void r_precision(ctx *c)
{
    if (perf_workload_own_precision(c->wl)) return; /* molecular dynamics: its own precision */
    dlrig_precision p = c->precision;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        const dlrig_arch *a = g->arch;
        if (!a) {
            cannot_judge(c, &g->p, "architecture features");
            continue;
        }
        if (p == DLRIG_PRECISION_FP8 && !a->fp8)
            emit(c, DLRIG_SEV_ERROR, &g->p, NULL, "FP8 needs Ada, Hopper or newer; %s is %s", g->p.name, a->name);
        else if (p == DLRIG_PRECISION_BF16 && !a->bf16)
            emit(c, DLRIG_SEV_WARNING, &g->p, NULL, "BF16 needs Ampere or newer; %s (%s) emulates it slowly",
                 g->p.name, a->name);
        else if (p == DLRIG_PRECISION_MIXED_FP16 && !a->tensor_cores)
            emit(c, DLRIG_SEV_INFO, &g->p, NULL, "%s (%s) has no tensor cores: mixed precision saves memory, not time",
                 g->p.name, a->name);
    }
}

/* Whether the model needs the node's several cards (vram.model_fit's
 * verdict; worked out here when that rule did not run). */
static bool model_split(ctx *c)
{
    if (c->split < 0) {
        dlrig_report *keep = c->rep, scratch = {.ids_only = true};
        c->rep = &scratch; /* its findings are vram.model_fit's, not this rule's */
        const dlrig_rule_info *rule = c->rule;
        c->rule = rules_info("vram.model_fit");
        r_model_fit(c);
        c->rule = rule;
        c->rep = keep;
        report_free(&scratch);
    }
    return c->split > 0;
}

static void r_multi_low_gain(ctx *c)
{
    if (c->n_gpus < 2) return;
    /* the cards hold a model one card cannot: they are needed, whatever the scaling (vram.model_fit says so) */
    if (model_split(c)) return;
    double ds = c->b->req.dataset_gb;
    if (!isnan(ds) && ds < SMALL_DATASET_GB)
        emit(c, DLRIG_SEV_INFO, c->gpus[0].part, NULL,
             "%d GPUs for a %.0f GB dataset: small datasets rarely train faster on several GPUs (they do let you run "
             "several experiments at once)",
             c->n_gpus, ds);
    else if (c->wl && c->wl->scaling_kind == DLRIG_SCALING_POOR && !c->wl->training && !c->wl->single_stream)
        /* batched work that trains nothing (molecular dynamics): the estimate
         * counts one independent job a GPU, as such runs are made */
        emit(c, DLRIG_SEV_INFO, c->gpus[0].part, NULL,
             "%d GPUs for %s work: one job spread over several GPUs gains little; the estimate counts %d "
             "independent jobs, one a GPU",
             c->n_gpus, c->wl->id, c->n_gpus);
    else if (c->wl && c->wl->scaling_kind == DLRIG_SCALING_POOR)
        emit(c, DLRIG_SEV_INFO, c->gpus[0].part, NULL, "%d GPUs for %s work: it scales poorly over data parallelism",
             c->n_gpus, c->wl->id);
}

static void r_cores(ctx *c)
{
    if (!c->cpu || c->n_gpus == 0) return;
    int cores = c->cpu->cores * (c->n_cpu ? c->n_cpu : 1);
    if (!constraint_cores_ok(c->cpu, c->n_cpu, c->n_gpus))
        emit(c, DLRIG_SEV_WARNING, &c->cpu->p, NULL, "%d CPU cores for %d GPUs: data loading wants %d+ cores per GPU",
             cores, c->n_gpus, CONSTRAINT_CORES_PER_GPU);
}

static void r_workstation_cores(ctx *c)
{
    if (!c->cpu || c->n_gpus == 0) return;
    const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[0].part;
    if (constraint_workstation_cores_ok(c->cpu, c->n_cpu, g)) return;
    emit(c, DLRIG_SEV_WARNING, &c->cpu->p, &g->p, "%d CPU cores for %s: a workstation for professional GPUs wants %d+",
         c->cpu->cores * (c->n_cpu ? c->n_cpu : 1), g->p.name, CONSTRAINT_WORKSTATION_MIN_CORES);
}

/* ------------------------------------------------------------ rules: storage */

static double drive_gb(const ctx *c, bool fast)
{
    double gb = 0;
    for (int i = 0; i < c->n_drive_lines; i++) {
        const dlrig_storage *s = (const dlrig_storage *)c->drives[i].part;
        bool is_fast = s->storage_kind != DLRIG_STORAGE_HDD;
        if (is_fast == fast) gb += (double)s->capacity_gb * c->drives[i].qty;
    }
    return gb;
}

static void r_storage_dataset(ctx *c)
{
    double ds = c->b->req.dataset_gb;
    if (isnan(ds) || c->n_drive_lines == 0) return;
    double ckpt = constraint_checkpoint_gb(c->params_m);
    double need = constraint_fast_storage_gb(ds, c->params_m);
    double fast = drive_gb(c, true);
    if (fast < need)
        emit(c, DLRIG_SEV_WARNING, c->drives[0].part, NULL,
             "%.0f GB of SSD for a %.0f GB dataset plus %.0f GB of checkpoints: want %.0f GB or more", fast, ds, ckpt,
             need);
}

static void r_m2_slots(ctx *c)
{
    if (!c->board) return;
    int m2 = 0;
    const dlrig_part *first = NULL;
    for (int i = 0; i < c->n_drive_lines; i++) {
        const dlrig_storage *s = (const dlrig_storage *)c->drives[i].part;
        if (s->form_factor && strncmp(s->form_factor, "M.2", 3) == 0) {
            m2 += c->drives[i].qty;
            if (!first) first = &s->p;
        }
    }
    if (m2 > 0 && c->board->n_m2 == 0) { /* m2_slots 0: the board's M.2 sockets are not in the catalog */
        cannot_judge(c, &c->board->p, "M.2 socket list");
        return;
    }
    if (m2 > (int)c->board->n_m2)
        emit(c, DLRIG_SEV_ERROR, first, &c->board->p, "%d M.2 drives; %s has %zu M.2 socket%s", m2, c->board->p.name,
             c->board->n_m2, c->board->n_m2 == 1 ? "" : "s");
}

static void r_storage_slow(ctx *c)
{
    if (c->n_drive_lines == 0) return;
    double fast = drive_gb(c, true), slow = drive_gb(c, false);
    double ds = c->b->req.dataset_gb;
    if (fast == 0 && slow > 0)
        emit(c, DLRIG_SEV_WARNING, c->drives[0].part, NULL, "Only hard disks: data loading will starve the GPUs");
    else if (!isnan(ds) && fast < ds && slow >= ds)
        emit(c, DLRIG_SEV_WARNING, c->drives[0].part, NULL,
             "The %.0f GB dataset fits only on hard disk (%.0f GB of SSD)", ds, fast);
}

/* ------------------------------------------------------------ rules: cluster */

static void r_cluster_rdma(ctx *c)
{
    if (c->b->req.nodes < 2) return;
    bool required = c->b->req.require & DLRIG_REQ_RDMA;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (!g->gpudirect_rdma)
            emit(c, required ? DLRIG_SEV_ERROR : DLRIG_SEV_WARNING, &g->p, NULL,
                 "%d nodes, but %s has no GPUDirect RDMA: traffic between nodes goes through host memory",
                 c->b->req.nodes, g->p.name);
    }
}

static void r_cluster_interconnect(ctx *c)
{
    if (c->b->req.nodes < 2) return;
    bool required = c->b->req.require & DLRIG_REQ_RDMA;
    const dlrig_nic *best = NULL;
    for (int i = 0; i < c->n_nic_lines; i++) {
        const dlrig_nic *n = (const dlrig_nic *)c->nics[i].part;
        if (n->rdma && (!best || n->speed_gbps > best->speed_gbps)) best = n;
    }
    if (!best)
        emit(c, required ? DLRIG_SEV_ERROR : DLRIG_SEV_WARNING, NULL, NULL,
             "%d nodes without an InfiniBand or RDMA Ethernet card: all-reduce between nodes runs over TCP",
             c->b->req.nodes);
    else if (c->b->req.nodes > 2 && c->n_switches == 0)
        emit(c, DLRIG_SEV_WARNING, &best->p, NULL, "%d nodes but no network switch in the plan", c->b->req.nodes);
}

/* ------------------------------------------------------------ rules: framework */

static void r_framework_vendor(ctx *c)
{
    if (!c->fw) return;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (!g->arch) continue;
        if (!framework_supports(c->fw, g->arch))
            emit(c, DLRIG_SEV_ERROR, &g->p, NULL, "%s does not support %s GPUs (%s)", c->fw->name,
                 platform_title(g->arch), g->p.name);
    }
}

static void r_framework_discontinued(ctx *c)
{
    if (c->fw && c->fw->status_kind == DLRIG_FRAMEWORK_DISCONTINUED)
        emit(c, DLRIG_SEV_WARNING, NULL, NULL, "%s is no longer maintained%s%s", c->fw->name,
             c->fw->status_note ? ": " : "", c->fw->status_note ? c->fw->status_note : "");
}

/* ------------------------------------------------------------ rules: environment */

static void r_noise(ctx *c)
{
    const dlrig_requirements *req = &c->b->req;
    if (!constraint_wants_quiet(req)) return;
    bool must = req->require & DLRIG_REQ_QUIET;
    if (c->cs && !constraint_case_quiet_for(c->cs, req)) {
        if (!constraint_case_quiet(c->cs))
            emit(c, DLRIG_SEV_WARNING, &c->cs->p, NULL, "%s has server fans: too loud for an office", c->cs->p.name);
        else
            emit(c, DLRIG_SEV_WARNING, &c->cs->p, NULL, "quiet is required; %s is not a quiet case (%s noise)",
                 c->cs->p.name, c->cs->noise ? c->cs->noise : "unknown");
    }
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (!constraint_gpu_quiet_for(g, 1, req))
            emit(c, DLRIG_SEV_WARNING, &g->p, NULL, "quiet is required; %d x %s has %s cooling (%s)", c->gpus[i].qty,
                 g->p.name, g->cooler, g->cooler_type == DLRIG_GPU_COOLER_BLOWER ? "a blower fan is loud under load"
                                                                                : "it needs server fans");
        else if (!constraint_gpu_quiet_for(g, c->n_gpus, req))
            emit(c, DLRIG_SEV_WARNING, &g->p, NULL,
                 "quiet is required; %d GPUs in one box run every fan at full speed (at most %d in a quiet machine)",
                 c->n_gpus, CONSTRAINT_QUIET_MAX_GPUS);
        else if (!must && g->cooler_type == DLRIG_GPU_COOLER_BLOWER && c->gpus[i].qty >= 2)
            emit(c, DLRIG_SEV_INFO, &g->p, NULL, "%d x %s: blower fans are loud under load in an office",
                 c->gpus[i].qty, g->p.name);
    }
}

static void r_datacenter(ctx *c)
{
    const dlrig_requirements *req = &c->b->req;
    if (requirements_environment(req) != DLRIG_ENV_DATACENTER) return;
    for (int i = 0; i < c->n_gpu_lines; i++) {
        const dlrig_gpu *g = (const dlrig_gpu *)c->gpus[i].part;
        if (!constraint_gpu_datacenter_ok(g, req))
            emit(c, DLRIG_SEV_WARNING, &g->p, NULL,
                 "%d x %s in a data centre: NVIDIA's GeForce software license does not allow GeForce or TITAN "
                 "cards there; RTX PRO and data-centre cards are licensed for it (a server room is not a data centre)",
                 c->gpus[i].qty, g->p.name);
    }
    if (c->cs && !constraint_case_datacenter_ok(c->cs, req))
        emit(c, DLRIG_SEV_WARNING, &c->cs->p, NULL,
             "%s is a tower: a data centre racks its machines (a rack chassis; a tower belongs in a server room)",
             c->cs->p.name);
}

static void r_open_frame(ctx *c)
{
    if (!(c->b->req.require & DLRIG_REQ_OPEN_FRAME) || !c->cs || constraint_case_frame(c->cs)) return;
    emit(c, DLRIG_SEV_ERROR, &c->cs->p, NULL, "An open frame (cards on risers) is required; %s is a %s",
         c->cs->p.name, c->cs->kind ? c->cs->kind : "case");
}

static void r_rackmount(ctx *c)
{
    if (!(c->b->req.require & DLRIG_REQ_RACKMOUNT) || !c->cs) return;
    if (!constraint_case_rackmount(c->cs))
        emit(c, DLRIG_SEV_ERROR, &c->cs->p, NULL, "A rack chassis is required; %s is a %s%s", c->cs->p.name,
             c->cs->kind ? c->cs->kind : "case", c->cs->rack_units != DLRIG_NA ? " (it converts to a rack, but is not "
                                                                                 "a rack chassis)" : "");
}

static void r_budget(ctx *c)
{
    double budget = c->b->req.budget_usd;
    if (isnan(budget)) return;
    if (c->t->price_usd > budget) {
        char a[32], b[32], d[32];
        emit(c, DLRIG_SEV_WARNING, NULL, NULL, "Total %s is %s over the %s budget",
             format_usd(c->t->price_usd, a, sizeof a), format_usd(c->t->price_usd - budget, d, sizeof d),
             format_usd(budget, b, sizeof b));
    }
}

/* Parts priced from a second-hand offer (the user allowed used parts): one
 * info finding per such line, so a quote never hides it. */
static void r_price_used(ctx *c)
{
    for (size_t i = 0; i < c->b->n_items; i++) {
        const dlrig_part *p = c->b->items[i].part;
        dlrig_price pr = build_line_price(c->b, &c->b->items[i]);
        char lbl[160], a[32];
        if (!price_label(&pr, lbl, sizeof lbl)) continue;
        emit(c, DLRIG_SEV_INFO, p, NULL, "%s is priced %s at %s, not new", p->name, lbl, format_usd(pr.usd, a, sizeof a));
    }
}

/* ------------------------------------------------------------ the table */

typedef struct rule {
    dlrig_rule_info info;
    void (*run)(ctx *c);
} rule;

#define PUGET "Puget Systems, Hardware Recommendations for Machine Learning / AI"
#define ATX3 "Intel ATX Version 3.0 Multi Rail Desktop Platform Power Supply Design Guide (power excursion)"

/* Fix recipes (rules.h): the moves fix.c tries, in order. */
#define FIX_MOVE(op, cat) {(unsigned char)(op), (unsigned char)(cat)}
#define FIX_NAMED FIX_MOVE(DLRIG_MOVE_NAMED, 0)
#define FIX_REPLACE(c) FIX_MOVE(DLRIG_MOVE_REPLACE, DLRIG_CAT_##c)
#define FIX_REPLACE_PRESENT(c) FIX_MOVE(DLRIG_MOVE_REPLACE_PRESENT, DLRIG_CAT_##c)
#define FIX_REPLACE_OR_ADD(c) FIX_MOVE(DLRIG_MOVE_REPLACE_OR_ADD, DLRIG_CAT_##c)
#define FIX_ADD(c) FIX_MOVE(DLRIG_MOVE_ADD, DLRIG_CAT_##c)
#define FIX_REMOVE(c) FIX_MOVE(DLRIG_MOVE_REMOVE, DLRIG_CAT_##c)
#define FIX_REMOVE_IN_SERVER(c) FIX_MOVE(DLRIG_MOVE_REMOVE_IN_SERVER, DLRIG_CAT_##c)
#define FIX_MISSING FIX_MOVE(DLRIG_MOVE_MISSING, 0)
#define FIX_MEMORY FIX_MOVE(DLRIG_MOVE_MEMORY, 0)
#define FIX_PLATFORM FIX_MOVE(DLRIG_MOVE_PLATFORM, 0)
#define FIX_CPU_SOCKETS FIX_MOVE(DLRIG_MOVE_CPU_SOCKETS, 0)
#define FIX_SUPPLY FIX_MOVE(DLRIG_MOVE_SUPPLY, 0)
#define FIX_POWER_LIMITS FIX_MOVE(DLRIG_MOVE_POWER_LIMITS, 0)
#define FIX_FEWER_GPUS FIX_MOVE(DLRIG_MOVE_FEWER_GPUS, 0)
#define FIX_MORE_GPUS FIX_MOVE(DLRIG_MOVE_MORE_GPUS, 0)
#define FIX_MORE_DRIVES FIX_MOVE(DLRIG_MOVE_MORE_DRIVES, 0)
#define FIX_ADD_BRIDGES FIX_MOVE(DLRIG_MOVE_ADD_BRIDGES, 0)
#define FIX_BIGGER_CIRCUIT FIX_MOVE(DLRIG_MOVE_BIGGER_CIRCUIT, 0)
#define FIX_DROP_REQ(m) FIX_MOVE(DLRIG_MOVE_DROP_REQ, DLRIG_MUST_##m)
#define FIX_PRECISIONS FIX_MOVE(DLRIG_MOVE_PRECISIONS, 0)
#define FIX_UNDER_BUDGET FIX_MOVE(DLRIG_MOVE_UNDER_BUDGET, 0)
#define FIX_RAISE_BUDGET FIX_MOVE(DLRIG_MOVE_RAISE_BUDGET, 0)

static const rule rules[] = {
    {{"compat.missing_part", DLRIG_SEV_ERROR, "a required category is empty",
      "A working machine needs a GPU, CPU, motherboard, memory, storage, power supply and case; towers and rack "
      "cases that take standard CPU coolers also need one (rack servers ship their own heatsinks). A complete "
      "server chassis brings its own board, power supplies and heatsinks, so those are not asked for.",
      "dlrig",
      0, {FIX_MISSING}}, r_missing},
    {{"compat.socket", DLRIG_SEV_ERROR, "CPU, board or cooler sockets differ",
      "A CPU only seats in a board of the same socket, a 2-socket build needs a 2-socket board and CPUs sold for "
      "2P systems, and the cooler's mounting kit must fit the socket. Some sockets are shared by platforms that "
      "take different CPUs: sTR5 WRX90 boards run Threadripper PRO only (TRX50 runs Threadripper), LGA4677 W790 "
      "boards run Xeon W only (C741 server boards run Xeon Scalable).",
      "vendor socket specifications",
      0, {FIX_REPLACE(CPU), FIX_REPLACE(MOTHERBOARD), FIX_REPLACE(COOLER), FIX_PLATFORM, FIX_CPU_SOCKETS}}, r_socket},
    {{"compat.memory_type", DLRIG_SEV_ERROR, "DDR generation or RDIMM/UDIMM mismatch",
      "DDR4 and DDR5 are keyed differently, and workstation/server boards (Threadripper PRO, Xeon W, EPYC) take "
      "registered DIMMs only while desktop boards take unbuffered ones.",
      "JEDEC DDR4/DDR5 module standards; board QVLs",
      0, {FIX_MEMORY, FIX_REPLACE(MOTHERBOARD), FIX_REPLACE(CPU), FIX_PLATFORM}}, r_memory_type},
    {{"compat.form_factor", DLRIG_SEV_ERROR, "the board does not fit the case",
      "The case must accept the board's form factor (E-ATX/EEB boards need a case that lists them; proprietary "
      "server boards fit only their own chassis).",
      "case specifications",
      0, {FIX_REPLACE(CASE), FIX_REPLACE(MOTHERBOARD), FIX_REMOVE_IN_SERVER(MOTHERBOARD)}}, r_form_factor},
    {{"compat.psu_form_factor", DLRIG_SEV_ERROR, "the power supply does not fit the case",
      "Desktop cases take ATX (or SFX) units; server chassis take their own hot-swap modules. A complete server "
      "ships with its power supplies, so a separate one has no place in it.",
      "case and PSU specifications",
      0, {FIX_REMOVE_IN_SERVER(PSU), FIX_REPLACE(PSU), FIX_REPLACE(CASE)}}, r_psu_form},
    {{"compat.sxm", DLRIG_SEV_ERROR, "an SXM module outside a server whose baseboard takes it",
      "SXM GPUs (H100 SXM, H200 SXM...) are not cards: they mount on an HGX baseboard with NVSwitches, sold as "
      "part of a GPU server that powers and cools them. They go only into a server whose baseboard lists them, "
      "and the baseboard is sold with every socket filled (an 8-GPU HGX board carries 8); such a server takes "
      "no PCIe GPUs (its slots are for network cards).",
      "NVIDIA HGX platform; server specifications",
      0, {FIX_NAMED}}, r_sxm},
    {{"pcie.slots", DLRIG_SEV_ERROR, "more cards than usable slots, counting slot width",
      "Each card covers as many slot positions as it is thick; a 3-slot card blocks the two slots below it. "
      "Slots wired to the second CPU work only with two CPUs, and a card in the bottom slot needs a case with an "
      "extra expansion slot below the board.",
      SEED001 " (watch the motherboard's PCIe slots)",
      DLRIG_RULE_FRAME, {FIX_REPLACE(MOTHERBOARD), FIX_PLATFORM, FIX_REPLACE(GPU), FIX_REPLACE(CASE), FIX_FEWER_GPUS}}, r_pcie_slots},
    {{"pcie.lanes", DLRIG_SEV_WARNING, "CPU lanes oversubscribed or GPUs below x16",
      "Lane sharing on the board (M.2 sockets, slot pairs) drops slots to x8/x4. x8 PCIe 4.0 costs little for "
      "most training; x4 or oversubscribed lanes slow gradient exchange between GPUs without NVLink. Dettmers "
      "warns against over-weighting lanes: a few percent, not a bottleneck, at x8.",
      SEED002,
      DLRIG_RULE_AVOID | DLRIG_RULE_FRAME, {FIX_NAMED}}, r_pcie_lanes},
    {{"case.gpu_length", DLRIG_SEV_ERROR, "card longer than the case allows",
      "The card must clear the front of the case (drive cages and front fans shorten it).",
      "case specifications",
      0, {FIX_REPLACE(CASE), FIX_REPLACE(GPU)}}, r_gpu_length},
    {{"case.cooler_height", DLRIG_SEV_ERROR, "CPU cooler taller than the case allows",
      "Tower air coolers must clear the side panel.", "case and cooler specifications",
      0, {FIX_REPLACE(COOLER), FIX_REPLACE(CASE)}}, r_cooler_height},
    {{"case.frame_risers", DLRIG_SEV_INFO, "GPUs on an open frame stand on riser cables",
      "An open frame holds the cards above the board on PCIe riser cables, one a card, so a thick card no "
      "longer covers the slots below it and open-air coolers breathe freely. The risers are bought apart (not "
      "in dlrig's price) and set the link: a PCIe 4.0 riser runs a PCIe 5.0 card at 4.0. Builders advise the "
      "shortest riser that reaches, rated for the slot's generation.",
      "builders' open-frame rigs (jamesob, local-llm, 2026; Building WOPR: A 7x4090 AI Server)",
      0, {FIX_NAMED}}, r_frame_risers},
    {{"case.riser_length", DLRIG_SEV_WARNING, "riser cables too long for the link's PCIe generation",
      "Builders of 8-card PCIe 4.0 rigs advise risers of 20-40 cm; longer or cheaper ones gave link errors "
      "under heavy traffic (DeepSpeed ZeRO-3), which the firmware can cure by running the slots at PCIe 3.0.",
      "builders' open-frame rigs (Building WOPR: A 7x4090 AI Server)",
      DLRIG_RULE_AVOID | DLRIG_RULE_FRAME, {FIX_REPLACE(CASE)}}, r_riser_length},
    {{"cooling.open_air_dense", DLRIG_SEV_WARNING, "open-air cards in adjacent slots",
      "Open-air coolers exhaust into the case and pull air from right below the card; packed together, each "
      "breathes the next card's hot backplate. Expect ~30% throttling and a shorter life. Blower cards exhaust "
      "out of the back and can be packed densely.",
      SEED002 ", " SEED003,
      DLRIG_RULE_AVOID | DLRIG_RULE_FRAME | DLRIG_RULE_FIX, {FIX_REPLACE(GPU), FIX_REPLACE(MOTHERBOARD)}}, r_open_air_dense},
    {{"cooling.passive_needs_server", DLRIG_SEV_ERROR, "passive datacenter cards outside a forced-airflow chassis",
      "Passively cooled cards (Tesla, A100, H100, L40S...) have no fans: they rely on the server's fan wall, "
      "shrouds and retention. In a tower they overheat and shut down. Datacenter cards are built and validated for "
      "that airflow, so dlrig (check and recommend alike) puts them only in a chassis with forced airflow.",
      SEED004,
      0, {FIX_REPLACE(CASE), FIX_REPLACE(GPU)}}, r_passive},
    {{"cooling.max_gpus", DLRIG_SEV_WARNING, "more cards than the model or chassis supports",
      "Some cards are only sound in small numbers (a 2020 hardware analysis: Titan RTX at most 4, open-air and "
      "not for dense packing; blower Quadro RTX 6000/8000 up to 9), and chassis are validated for a GPU count "
      "(Dell PowerEdge T640: 4; DSS 8440: 10).",
      SEED003 ", " SEED004,
      DLRIG_RULE_AVOID | DLRIG_RULE_FIX, {FIX_REPLACE(CASE), FIX_REPLACE(GPU), FIX_FEWER_GPUS}}, r_max_gpus},
    {{"power.psu_capacity", DLRIG_SEV_ERROR, "load above the PSU rating",
      "The sustained draw of GPUs, CPUs and the platform must stay within the PSU's rating at the input voltage: "
      "many high-wattage units deliver less on 100-127 V, and some are 200-240 V only. Redundant supplies (N+1, "
      "2+2) count only what is left with the redundant units failed.",
      "PSU specifications",
      0, {FIX_SUPPLY, FIX_POWER_LIMITS, FIX_FEWER_GPUS, FIX_BIGGER_CIRCUIT}}, r_psu_capacity},
    {{"power.headroom", DLRIG_SEV_WARNING, "under the recommended PSU margin",
      "GPUs draw short spikes up to twice their rating; a PSU loaded beyond ~80% sustained trips or ages fast.",
      ATX3,
      DLRIG_RULE_AVOID | DLRIG_RULE_FIX, {FIX_SUPPLY, FIX_POWER_LIMITS, FIX_FEWER_GPUS}}, r_headroom},
    {{"power.connectors", DLRIG_SEV_ERROR, "not enough GPU power connectors",
      "Each GPU power input needs its own cable: 8-pin PCIe (150 W), 12V-2x6/12VHPWR (up to 600 W; an adapter "
      "takes four 8-pin), or CPU 8-pin EPS on datacenter cards. Daisy-chained or split cables overheat.",
      "PCI-SIG CEM 5.0; GPU board specifications",
      0, {FIX_SUPPLY}}, r_connectors},
    {{"power.circuit", DLRIG_SEV_ERROR, "the wall circuit cannot supply the machine",
      "A 120 V / 15 A circuit supplies 1440 W continuous (80% rule); a 2 kW machine needs 230 V or a 20 A+ "
      "circuit of its own. Without a circuit in the requirements dlrig only notes a power supply rated for "
      "200-240 V alone.",
      "NFPA 70 (NEC) 210.19/210.20 continuous loads; IEC 60364",
      0, {FIX_REPLACE_PRESENT(PSU), FIX_REPLACE(GPU), FIX_POWER_LIMITS, FIX_FEWER_GPUS, FIX_BIGGER_CIRCUIT}}, r_circuit},
    {{"memory.below_largest_vram", DLRIG_SEV_WARNING, "system RAM under the largest GPU's VRAM",
      "Dettmers: buy at least as much RAM as the largest GPU has VRAM (a 24 GB Titan RTX wants 24 GB+), so "
      "pinned host buffers and checkpoints fit. More GPUs do not by themselves need more RAM.",
      SEED002,
      DLRIG_RULE_AVOID | DLRIG_RULE_FIX, {FIX_MEMORY}}, r_below_largest},
    {{"memory.below_total_vram", DLRIG_SEV_INFO, "RAM under the recommended total",
      "Vendors recommend system RAM of about twice the total VRAM so data loaders, pinned buffers and the OS "
      "cache keep up with every GPU.",
      PUGET,
      0, {FIX_MEMORY}}, r_below_total},
    {{"memory.dataset", DLRIG_SEV_INFO, "dataset larger than RAM",
      "A dataset that fits in RAM is read from disk once; a larger one streams every epoch, so put it on NVMe.",
      SEED003,
      0, {FIX_MEMORY}}, r_dataset_ram},
    {{"memory.channels", DLRIG_SEV_WARNING, "not all memory channels populated",
      "Memory bandwidth scales with populated channels: 4 DIMMs on an 8-channel CPU halve it. RAM clock speed "
      "matters little (Dettmers: 0-3%), channels do for data preprocessing.",
      "CPU vendor memory population guides; " SEED002,
      DLRIG_RULE_AVOID | DLRIG_RULE_FIX, {FIX_MEMORY}}, r_channels},
    {{"memory.two_per_channel", DLRIG_SEV_INFO, "two unbuffered modules a memory channel",
      "Desktop memory runs at its rated speed with one module a channel; with two it runs slower (AMD: Ryzen "
      "7000 takes DDR5-5200 with one module per channel, DDR5-3600 with two). Two larger modules give the same "
      "capacity at full speed and leave slots free.",
      "AMD Ryzen 7000 memory specification, as reported by TechSpot",
      0, {FIX_MEMORY}}, r_two_per_channel},
    {{"memory.capacity", DLRIG_SEV_ERROR, "more memory than the board or CPU supports",
      "The board and the CPU each have a maximum supported capacity.", "board and CPU specifications",
      0, {FIX_MEMORY, FIX_REPLACE(MOTHERBOARD)}}, r_capacity},
    {{"memory.slots", DLRIG_SEV_ERROR, "more modules than memory slots",
      "Every module needs a DIMM slot.", "board specifications",
      0, {FIX_MEMORY}}, r_mem_slots},
    {{"ecc.gpu", DLRIG_SEV_ERROR, "ECC required but a GPU lacks it",
      "GeForce cards have no ECC on VRAM; professional and datacenter cards correct memory errors, which long "
      "training runs and large analyses rely on.",
      SEED004,
      DLRIG_RULE_FIX, {FIX_REPLACE(GPU), FIX_DROP_REQ(ECC)}}, r_ecc_gpu},
    {{"ecc.memory", DLRIG_SEV_ERROR, "ECC required but the memory or platform lacks it",
      "ECC needs ECC modules and a CPU and board that support it.", SEED004,
      0, {FIX_MEMORY, FIX_REPLACE(MOTHERBOARD), FIX_REPLACE(CPU), FIX_PLATFORM, FIX_DROP_REQ(ECC)}}, r_ecc_memory},
    {{"nvlink.unsupported", DLRIG_SEV_ERROR, "a bridge with cards that have no NVLink",
      "NVLink bridges fit only cards with an NVLink connector of the same generation (Turing: Quadro RTX, Titan "
      "RTX, RTX 2080 Ti/2080 Super; Ampere: RTX 3090, A-series, A100; Hopper: H100/H200 NVL). Ada and Blackwell "
      "PCIe cards have none.",
      SEED003 "; NVIDIA NVLink bridge compatibility tables",
      0, {FIX_REMOVE(NVLINK_BRIDGE), FIX_REPLACE(GPU)}}, r_nvlink_unsupported},
    {{"nvlink.bridge_spacing", DLRIG_SEV_ERROR, "bridge size does not match slot spacing",
      "A bridge is rigid: a 3-slot bridge joins cards exactly three positions apart.",
      "NVIDIA NVLink bridge documentation",
      DLRIG_RULE_AVOID | DLRIG_RULE_FRAME, {FIX_REPLACE(NVLINK_BRIDGE), FIX_REPLACE(MOTHERBOARD)}}, r_bridge_spacing},
    {{"nvlink.recommended", DLRIG_SEV_INFO, "multi-GPU transformer/LLM work without NVLink",
      "NLP and LLM training exchange large gradients; NVLink gives 5-12x PCIe bandwidth and GPU "
      "guides recommend an NVLink bridge for larger NLP models.",
      SEED001 ", " SEED003,
      0, {FIX_ADD_BRIDGES, FIX_REPLACE(GPU), FIX_DROP_REQ(NVLINK)}}, r_nvlink_recommended},
    {{"vram.model_fit", DLRIG_SEV_ERROR, "the model does not fit in one GPU's memory",
      "Training needs weights, gradients, optimizer state (16 bytes per parameter with Adam in mixed precision) "
      "and activations; inference needs the weights and the KV cache. A model bigger than one GPU must be "
      "sharded (FSDP/ZeRO, tensor parallel) and needs NVLink-class links to run well.",
      SEED001 "; Rajbhandari et al., ZeRO (2020)",
      DLRIG_RULE_FIX, {FIX_REPLACE(GPU), FIX_MORE_GPUS}}, r_model_fit},
    {{"vram.tier", DLRIG_SEV_WARNING, "below the VRAM guidance for the workload",
      "Hardware guides: state-of-the-art research wants 11 GB+, most work 8 GB+; transformers need large VRAM, and "
      "today's LLM work far more.",
      SEED002 ", " SEED003,
      DLRIG_RULE_AVOID | DLRIG_RULE_FIX, {FIX_REPLACE(GPU)}}, r_vram_tier},
    {{"gpu.mixed_models", DLRIG_SEV_WARNING, "different GPU models in one data-parallel box",
      "Synchronous data parallelism waits for the slowest card every step, and mixed memory sizes cap the batch.",
      SEED001,
      DLRIG_RULE_AVOID, {FIX_NAMED}}, r_mixed},
    {{"gpu.fp64_weak", DLRIG_SEV_WARNING, "FP64 work on a card with weak FP64",
      "GeForce and most workstation cards run FP64 at 1/32-1/64 of FP32; Tesla P100 (5.3 TFLOPS) and V100 (7.8) "
      "were 16x a GTX 1080 Ti (0.35). Scientific FP64 codes need datacenter cards.",
      SEED004,
      0, {FIX_NAMED}}, r_fp64},
    {{"gpu.precision_unsupported", DLRIG_SEV_ERROR, "BF16/FP8 asked of a card without it",
      "BF16 tensor cores arrived with Ampere, FP8 with Ada and Hopper; older cards emulate or cannot run them.",
      "NVIDIA architecture whitepapers",
      DLRIG_RULE_AVOID, {FIX_REPLACE(GPU), FIX_PRECISIONS}}, r_precision},
    {{"gpu.multi_gpu_low_gain", DLRIG_SEV_INFO, "several GPUs where the work will not speed up",
      "Small datasets (<10-15 GB) and dense nets rarely gain from data parallelism; RNNs scale poorly. Several "
      "GPUs still let you run several experiments at once.",
      SEED001 ", " SEED003,
      0, {FIX_NAMED}}, r_multi_low_gain},
    {{"cpu.cores_per_gpu", DLRIG_SEV_WARNING, "too few cores to feed the GPUs",
      "Data loading and augmentation run on the CPU; the common mistake is paying for PCIe lanes instead of "
      "cores (Dettmers).",
      SEED002 "; " PUGET,
      DLRIG_RULE_AVOID | DLRIG_RULE_FIX, {FIX_REPLACE(CPU)}}, r_cores},
    {{"shape.gpus", DLRIG_SEV_ERROR, "not the number of GPUs asked for",
      "The requirements state how many GPUs a node has (--min-gpus, --max-gpus): a buyer planning a 4-GPU box "
      "states the count, not only the budget.",
      "the build's requirements",
      0, {FIX_MOVE(DLRIG_MOVE_GPU_COUNT, 0), FIX_REPLACE(GPU)}}, r_shape_gpus},
    {{"shape.vram", DLRIG_SEV_ERROR, "a card with less VRAM than asked for",
      "The requirements ask for a minimum of VRAM on each card (--min-vram-gb): what the largest model or batch "
      "a buyer plans needs on one card.",
      "the build's requirements",
      0, {FIX_REPLACE(GPU)}}, r_shape_vram},
    {{"shape.one_card", DLRIG_SEV_ERROR, "the job does not fit on one card",
      "The requirements say the job must fit on one GPU (--one-card): tools such as the FLUX and Stable Diffusion "
      "LoRA trainers (ai-toolkit, kohya) train on one card or run a full copy on each, they do not split a "
      "model over GPUs, so more cards add speed, never room.",
      "the build's requirements",
      0, {FIX_REPLACE(GPU)}}, r_shape_one_card},
    {{"job.second", DLRIG_SEV_ERROR, "the second job cannot run on the build",
      "A box bought for two jobs (e.g. chat with a 70B model at 4-bit and QLoRA of an 8B) must run both: the "
      "second job's method on the GPUs' platform (bitsandbytes' NF4 for QLoRA needs a CUDA card) and its "
      "memory on the cards.",
      "the build's requirements; bitsandbytes platform support",
      0, {FIX_REPLACE(GPU), FIX_MORE_GPUS}}, r_second_job},
    {{"cpu.workstation_cores", DLRIG_SEV_WARNING, "a desktop CPU under professional GPUs",
      "Workstation and datacenter cards are bought for machine-learning workstations, where the CPU prepares "
      "the data, runs the evaluation and serves the GPUs' I/O: Puget Systems consider 16 cores the minimum for "
      "such a machine (and at least 4 per GPU). A 4- or 8-core desktop CPU leaves an expensive card waiting.",
      PUGET,
      DLRIG_RULE_AVOID | DLRIG_RULE_FIX, {FIX_REPLACE(CPU), FIX_PLATFORM}}, r_workstation_cores},
    {{"storage.dataset", DLRIG_SEV_WARNING, "too little fast storage for dataset and checkpoints",
      "Keep the dataset and recent checkpoints on SSD; data I/O is a common bottleneck.", SEED003,
      DLRIG_RULE_AVOID | DLRIG_RULE_FIX, {FIX_REPLACE(STORAGE), FIX_MORE_DRIVES, FIX_ADD(STORAGE)}},
     r_storage_dataset},
    {{"storage.m2_slots", DLRIG_SEV_ERROR, "more M.2 drives than M.2 sockets",
      "Every M.2 drive needs a socket on the board (or an adapter card in a PCIe slot, which takes a slot).",
      "board specifications",
      0, {FIX_NAMED}}, r_m2_slots},
    {{"storage.slow", DLRIG_SEV_WARNING, "dataset on hard disk only",
      "Hard disks deliver ~250 MB/s; a GPU training on images wants several times that.", SEED003,
      DLRIG_RULE_AVOID | DLRIG_RULE_FIX, {FIX_REPLACE(STORAGE), FIX_MORE_DRIVES, FIX_ADD(STORAGE)}}, r_storage_slow},
    {{"cluster.rdma", DLRIG_SEV_WARNING, "multi-node plan with cards lacking GPUDirect RDMA",
      "GeForce supports GPUDirect P2P inside one machine only, not RDMA across hosts; with the same Tesla cards "
      "RDMA gives 2.5x over TCP.",
      SEED004,
      DLRIG_RULE_AVOID | DLRIG_RULE_FIX, {FIX_REPLACE(GPU)}}, r_cluster_rdma},
    {{"cluster.interconnect", DLRIG_SEV_WARNING, "multi-node without InfiniBand/RDMA Ethernet",
      "Multi-node training is bounded by the network: InfiniBand or RoCE with a switch, not plain TCP.", SEED001
      ", " SEED004,
      DLRIG_RULE_AVOID | DLRIG_RULE_FIX, {FIX_REPLACE_OR_ADD(NIC), FIX_ADD(SWITCH)}}, r_cluster_interconnect},
    {{"framework.gpu_vendor", DLRIG_SEV_ERROR, "framework without support for the GPU's platform",
      "Frameworks build for CUDA (NVIDIA) and some also for ROCm (AMD) or Intel's oneAPI (the XPU device); a "
      "framework without ROCm support cannot use an AMD GPU, and one without XPU support cannot use an Intel GPU.",
      SEED003 "; framework documentation",
      0, {FIX_REPLACE(GPU)}}, r_framework_vendor},
    {{"framework.discontinued", DLRIG_SEV_WARNING, "framework no longer maintained",
      "Several once-popular frameworks (Theano, CNTK, Chainer, Caffe, MXNet) are no longer developed: no "
      "support for new GPUs or CUDA releases.",
      SEED003 "; project announcements",
      0, {FIX_NAMED}}, r_framework_discontinued},
    {{"env.noise", DLRIG_SEV_WARNING, "blower or server fans where quiet is wanted",
      "Server chassis fans and several blower cards under load are loud; an office box wants a quiet tower with "
      "open-air cards spaced apart or few blower cards.  When quiet is a must-have (--require quiet) the case must "
      "be a quiet one, no card may have a blower or rely on server fans (passive), and the box holds at most two "
      "cards: more run every fan at full speed (Puget Systems advise against more than two RTX 4080/4090-class cards "
      "in one desk-side box and found four RTX 3090s loud; Lambda puts at most two RTX 3090s in a workstation).",
      SEED002 "; Puget Systems, Quad GeForce RTX 3090 in a desktop; Lambda, Deep Learning Hardware Deep Dive: "
      "RTX 3090, RTX 3080 and RTX 3070",
      DLRIG_RULE_AVOID | DLRIG_RULE_FIX, {FIX_REPLACE(CASE)}}, r_noise},
    {{"env.datacenter", DLRIG_SEV_WARNING, "GeForce cards or a tower chassis in a data centre",
      "NVIDIA's GeForce software license (section 2.1.3, No Datacenter Deployment, in force since November 2017) "
      "does not license GeForce and TITAN cards for data-centre use; a small rack in an office server room is "
      "generally not taken to be a data centre (Lambda's reading of the change). Data centres also rack their "
      "machines: a tower takes a shelf and more rack units than its parts need.",
      "NVIDIA, License For Customer Use of NVIDIA GeForce Software, section 2.1.3",
      DLRIG_RULE_AVOID | DLRIG_RULE_FIX, {FIX_NAMED}}, r_datacenter},
    {{"env.rackmount", DLRIG_SEV_ERROR, "rack chassis required but a tower chosen",
      "A server room rack needs a rackmount chassis; a tower that converts to a rack with a kit is still a tower "
      "to buy and plan for.",
      "chassis specifications",
      0, {FIX_REPLACE(CASE), FIX_DROP_REQ(RACKMOUNT)}}, r_rackmount},
    {{"env.open_frame", DLRIG_SEV_ERROR, "open frame required but an enclosed case chosen",
      "Asked for an open frame (cards on riser cables, as used multi-GPU rigs are built), the build must stand "
      "on one: a tower or rack case holds its cards in the board's slots.",
      "builders' open-frame rigs (jamesob, local-llm, 2026)",
      0, {FIX_REPLACE(CASE), FIX_DROP_REQ(OPEN_FRAME)}}, r_open_frame},
    {{"budget.over", DLRIG_SEV_WARNING, "total above the budget", "The plan costs more than the budget given.",
      "dlrig",
      DLRIG_RULE_AVOID | DLRIG_RULE_DRAFT | DLRIG_RULE_FIX, {FIX_UNDER_BUDGET, FIX_RAISE_BUDGET}}, r_budget},
    {{"price.used", DLRIG_SEV_INFO, "a part is priced second-hand",
      "Second-hand prices were allowed (allow_used), and this part's cheapest offer is a used or refurbished "
      "one: the quote counts that price, which comes with no new-part warranty and varies from listing to listing.",
      "the catalog's price offers (condition, market and month)",
      0, {FIX_NAMED}}, r_price_used},
};
#define N_RULES (sizeof rules / sizeof rules[0])

static dlrig_rule_info rule_infos[N_RULES];

const dlrig_rule_info *rules_list(size_t *n)
{
    for (size_t i = 0; i < N_RULES; i++) rule_infos[i] = rules[i].info;
    if (n) *n = N_RULES;
    return rule_infos;
}

const dlrig_rule_info *rules_info(const char *id)
{
    for (size_t i = 0; i < N_RULES; i++)
        if (strcmp(rules[i].info.id, id) == 0) return &rules[i].info;
    return NULL;
}

const char *severity_name(dlrig_severity s)
{
    return s == DLRIG_SEV_ERROR ? "error" : s == DLRIG_SEV_WARNING ? "warning" : "info";
}

/* Physical checks dlrig does not make at all (shown on the sheet). */
static const char *const not_checked[] = {
    "partner cards thicker or longer than the reference design",
    "card height above the slot and power-cable clearance in 4U rack cases",
    "PSU cable lengths and routing",
    "airflow path and fan count inside the case",
    "RAM module height under the CPU cooler",
    "board VRM cooling for the CPU's sustained power",
    "BIOS version needed for a newer CPU",
    "rack depth, rails and weight",
    "wall socket type (NEMA/IEC) and UPS sizing",
};

/* ------------------------------------------------------------ totals */

double case_psu_capacity_w(const dlrig_case *cs, const dlrig_circuit *circuit)
{
    if (!case_has_psus(cs)) return 0;
    bool low_line = circuit && circuit->volts < 200;
    int w = low_line ? cs->psu_watts_115v : cs->psu_watts;
    if (w == DLRIG_NA || w <= 0) return 0;
    int spare = cs->psu_redundant != DLRIG_NA && cs->psu_redundant > 0 ? cs->psu_redundant : 0;
    int units = cs->psu_count - spare; /* the redundant units failed: what the rest carries */
    return units > 0 ? (double)w * units : 0;
}

double case_psu_max_load_w(const dlrig_case *cs, const dlrig_circuit *circuit)
{
    return constraint_psu_max_load_w(case_psu_capacity_w(cs, circuit));
}

double part_power_w(const dlrig_part *p)
{
    switch (p->category) {
    case DLRIG_CAT_GPU: return ((const dlrig_gpu *)p)->tdp_w;
    case DLRIG_CAT_CPU: return ((const dlrig_cpu *)p)->tdp_w;
    case DLRIG_CAT_MEMORY: {
        const dlrig_memory *m = (const dlrig_memory *)p;
        return isnan(m->power_w) ? DIMM_W * m->modules : m->power_w;
    }
    case DLRIG_CAT_STORAGE: {
        const dlrig_storage *s = (const dlrig_storage *)p;
        if (!isnan(s->power_w)) return s->power_w;
        switch (s->storage_kind) {
        case DLRIG_STORAGE_HDD: return HDD_W;
        case DLRIG_STORAGE_U2: return U2_W;
        case DLRIG_STORAGE_SATA_SSD: return SATA_SSD_W;
        default: return NVME_W;
        }
    }
    case DLRIG_CAT_NIC: {
        const dlrig_nic *n = (const dlrig_nic *)p;
        return isnan(n->power_w) ? NIC_W : n->power_w;
    }
    case DLRIG_CAT_MOTHERBOARD: return PLATFORM_W;
    case DLRIG_CAT_CASE: return ((const dlrig_case *)p)->case_kind == DLRIG_CASE_RACK ? RACK_FANS_W : TOWER_FANS_W;
    default: return 0;
    }
}

double psu_capacity_w(const dlrig_psu *p, int qty, const dlrig_circuit *circuit)
{
    bool low_line = circuit && circuit->volts < 200;
    int w = low_line ? p->watts_115v : p->watts;
    if (w == DLRIG_NA || w <= 0) return 0;
    int units = qty;
    if (p->redundant && units >= 2) units -= 1; /* N+1: one unit is spare */
    return (double)w * units;
}

double psu_max_load_w(const dlrig_psu *p, int qty, const dlrig_circuit *circuit)
{
    return constraint_psu_max_load_w(psu_capacity_w(p, qty, circuit));
}

/* Connector demand of n GPUs against qty PSUs; *short8 / *short_eps get what is missing. */
static void connector_gap(const dlrig_psu *p, int qty, const dlrig_gpu *g, int n, int ncpu, int *need8, int *need_hpwr,
                          int *need_eps, int *have8, int *have_hpwr, int *have_eps, bool *ok)
{
    *need8 = (g->power_8pin + g->power_6pin) * n;
    *need_hpwr = g->power_12vhpwr * n;
    *need_eps = g->power_eps8 * n;
    *have8 = p->pcie_8pin * qty;
    *have_hpwr = p->hpwr * qty;
    *have_eps = p->eps8 * qty - ncpu; /* one EPS per CPU at least */
    int short_hpwr = *need_hpwr > *have_hpwr ? *need_hpwr - *have_hpwr : 0;
    *ok = *need8 + short_hpwr * HPWR_AS_8PIN <= *have8 && (*need_eps == 0 || *need_eps <= *have_eps);
}

bool psu_connectors_ok(const dlrig_psu *p, int qty, const dlrig_gpu *g, int n, int ncpu)
{
    if (p->form == DLRIG_PSU_SERVER || !g || n == 0) return true;
    int a, b, c, d, e, f;
    bool ok;
    connector_gap(p, qty, g, n, ncpu, &a, &b, &c, &d, &e, &f, &ok);
    return ok;
}

static void add_line(line *v, int *n, const dlrig_part *p, int qty)
{
    if (*n < MAX_LINES) v[(*n)++] = (line){p, qty};
}

static void gather(ctx *c)
{
    const dlrig_build *b = c->b;
    for (size_t i = 0; i < b->n_items; i++) {
        const dlrig_item *it = &b->items[i];
        const dlrig_part *p = it->part;
        switch (p->category) {
        case DLRIG_CAT_GPU:
            add_line(c->gpus, &c->n_gpu_lines, p, it->qty);
            c->n_gpus += it->qty;
            break;
        case DLRIG_CAT_CPU:
            if (!c->cpu) c->cpu = (const dlrig_cpu *)p;
            c->n_cpu += it->qty;
            break;
        case DLRIG_CAT_MOTHERBOARD:
            if (!c->board) c->board = (const dlrig_motherboard *)p;
            c->board_listed = true;
            break;
        case DLRIG_CAT_CASE:
            if (!c->cs) c->cs = (const dlrig_case *)p;
            break;
        case DLRIG_CAT_PSU:
            if (!c->psu) c->psu = (const dlrig_psu *)p;
            c->n_psu += it->qty;
            break;
        case DLRIG_CAT_COOLER:
            if (!c->cooler) c->cooler = (const dlrig_cooler *)p;
            break;
        case DLRIG_CAT_MEMORY:
            add_line(c->mems, &c->n_mem_lines, p, it->qty);
            c->modules += ((const dlrig_memory *)p)->modules * it->qty;
            break;
        case DLRIG_CAT_STORAGE: add_line(c->drives, &c->n_drive_lines, p, it->qty); break;
        case DLRIG_CAT_NIC: add_line(c->nics, &c->n_nic_lines, p, it->qty); break;
        case DLRIG_CAT_NVLINK_BRIDGE:
            if (!c->bridge) c->bridge = (const dlrig_nvlink_bridge *)p;
            c->n_bridges += it->qty;
            break;
        case DLRIG_CAT_SWITCH: c->n_switches += it->qty; break;
        default: break;
        }
    }
    if (!c->board && c->cs) c->board = c->cs->board; /* a complete server's own board */
    c->case_psus = case_has_psus(c->cs);
    const dlrig_requirements *r = &b->req;
    c->wl = requirements_workload(c->cat, r); /* none named: the catalog's default */
    if (c->wl) {
        char e[8];
        /* a request the workload cannot run is refused where it is read (recommend, estimate); the rules
         * judge such a build by the workload's own reference model */
        const dlrig_workload *job = perf_job_workload(c->cat, r, c->wl, &c->job, e, sizeof e);
        if (job) c->wl = job;
    }
    c->fw = r->framework[0] ? catalog_framework(c->cat, r->framework) : NULL;
    c->circuit = r->circuit[0] ? catalog_circuit(c->cat, r->circuit) : NULL;
    c->precision_name = r->precision[0] ? r->precision : requirements_default("precision");
    c->precision = requirements_effective_precision(r);
    c->params_m = !isnan(r->model_params_m) ? r->model_params_m : c->wl ? c->wl->params_m : 0;
    c->split = -1;
}

static void compute_totals(ctx *c)
{
    dlrig_totals *t = c->t;
    const dlrig_build *b = c->b;
    memset(t, 0, sizeof *t);
    t->nodes = b->req.nodes > 0 ? b->req.nodes : 1;
    double node = 0, cluster = 0, gpu_w = 0, gpu_rated_w = 0, other_w = 0, load_w = 0;
    double gpu_share = power_gpu_load_share(c->wl), cpu_share = power_cpu_load_share(c->wl);
    for (size_t i = 0; i < b->n_items; i++) {
        const dlrig_item *it = &b->items[i];
        const dlrig_part *p = it->part;
        dlrig_price pr = build_line_price(b, it);
        if (pr.owned) t->owned_parts++; /* 0 in the price, no date */
        else if (!price_known(&pr)) t->unpriced_parts++;
        else {
            if (it->cluster_scope) cluster += pr.usd * it->qty;
            else node += pr.usd * it->qty;
            if (pr.date && price_month_index(pr.date) >= 0 &&
                (!t->oldest_price_date || price_month_index(pr.date) < price_month_index(t->oldest_price_date)))
                t->oldest_price_date = pr.date;
            if (!pr.date) t->undated_prices++;
        }
        if (it->cluster_scope) continue;
        double w = part_power_w(p) * it->qty;
        if (p->category == DLRIG_CAT_GPU) {
            const dlrig_gpu *g = (const dlrig_gpu *)p;
            gpu_w += power_item_gpu_w(it) * it->qty; /* a power limit caps the sustained draw */
            load_w += power_gpu_load_w(power_item_gpu_w(it), part_power_w(p), gpu_share) * it->qty;
            gpu_rated_w += w;
            t->gpu_count += it->qty;
            t->vram_gb += g->vram_gb * it->qty;
            if (g->vram_gb > t->vram_max_gb) t->vram_max_gb = g->vram_gb;
        } else {
            other_w += w;
            load_w += p->category == DLRIG_CAT_CPU ? cpu_share * w : w;
            if (p->category == DLRIG_CAT_MEMORY) t->ram_gb += ((const dlrig_memory *)p)->capacity_gb * it->qty;
        }
    }
    t->node_price_usd = node;
    t->price_usd = node * t->nodes + cluster;
    t->power_w = gpu_w + other_w;
    /* Transients are sized on the cards' rated power: a limit holds the
     * average, not the millisecond excursions the PSU must ride through. */
    t->peak_power_w = gpu_rated_w * GPU_TRANSIENT_FACTOR + other_w;
    t->load_w = load_w;
    if (c->psu) t->psu_w = psu_capacity_w(c->psu, c->n_psu, c->circuit);
    else if (c->case_psus) t->psu_w = case_psu_capacity_w(c->cs, c->circuit);
    /* The wall sees the workload's sustained draw through the supply's
     * efficiency at that load (no circuit given: taken on 115 V, the lower). */
    const char *level = c->psu ? c->psu->efficiency : c->case_psus ? c->cs->psu_efficiency : NULL;
    t->wall_w = constraint_wall_w(c->circuit, load_w, level, t->psu_w);
    /* CPU lanes: placed cards on CPU-attached slots, plus M.2 drives on CPU lanes. */
    /* sums in long long, saturated: a --catalog may hold any int */
    long long avail = 0, used = 0;
    if (c->cpu) avail = (long long)c->cpu->pcie_lanes * (c->n_cpu ? c->n_cpu : 1);
    const dlrig_placement *pl = &c->rep->placement;
    for (size_t i = 0; i < pl->n_cards; i++)
        if (pl->cards[i].position && pl->cards[i].attached_to != DLRIG_ATTACH_CHIPSET) used += pl->cards[i].link_width;
    if (c->board) {
        int left = pl->m2_used;
        for (size_t k = 0; k < c->board->n_m2 && left > 0; k++, left--)
            if (c->board->m2[k].attached_to == DLRIG_ATTACH_CPU1 || c->board->m2[k].attached_to == DLRIG_ATTACH_CPU2)
                used += c->board->m2[k].lanes; /* a socket of unknown attachment is not counted */
    }
    t->lanes_available = avail > INT_MAX ? INT_MAX : avail < INT_MIN ? INT_MIN : (int)avail;
    t->lanes_used = used > INT_MAX ? INT_MAX : used < INT_MIN ? INT_MIN : (int)used;
}

static int cmp_findings(const void *a, const void *b)
{
    const dlrig_finding *fa = a, *fb = b;
    if (fa->severity != fb->severity) return (int)fb->severity - (int)fa->severity;
    return strcmp(fa->id, fb->id);
}

void rules_check(const dlrig_catalog *cat, const dlrig_build *b, dlrig_report *rep)
{
    dlrig_placement pl;
    place_build(b, &pl);
    rules_check_placed(cat, b, &pl, rep);
}

void rules_check_placed(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_placement *pl, dlrig_report *rep)
{
    rules_check_only(cat, b, pl, NULL, N_RULES, rep);
}

size_t rules_indices(unsigned flags, size_t *idx, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < N_RULES && n < cap; i++)
        if ((rules[i].info.flags & flags) == flags) idx[n++] = i;
    return n;
}

void rules_check_only(const dlrig_catalog *cat, const dlrig_build *b, const dlrig_placement *pl, const size_t *idx,
                      size_t n, dlrig_report *rep)
{
    rep->n_findings = 0;
    memset(rep->counts, 0, sizeof rep->counts);
    rep->placement = *pl;
    ctx c;
    memset(&c, 0, sizeof c);
    c.cat = cat;
    c.b = b;
    c.rep = rep;
    c.t = &rep->totals;
    gather(&c);
    compute_totals(&c);
    for (size_t k = 0; k < n; k++) {
        size_t i = idx ? idx[k] : k; /* NULL: all of them, in order */
        if (i >= N_RULES) continue;
        c.rule = &rules[i].info;
        rules[i].run(&c);
    }
    if (rep->n_findings > 1) /* findings is NULL until the first one: qsort(NULL, 0) is undefined */
        qsort(rep->findings, rep->n_findings, sizeof *rep->findings, cmp_findings);
    for (size_t i = 0; i < rep->n_findings; i++) rep->counts[rep->findings[i].severity]++;
    rep->not_checked = (const char **)not_checked;
    rep->n_not_checked = sizeof not_checked / sizeof not_checked[0];
}

void report_free(dlrig_report *rep)
{
    free(rep->findings);
    memset(rep, 0, sizeof *rep);
}

const dlrig_finding *report_find(const dlrig_report *rep, const char *id)
{
    for (size_t i = 0; i < rep->n_findings; i++)
        if (strcmp(rep->findings[i].id, id) == 0) return &rep->findings[i];
    return NULL;
}

cJSON *report_to_json(const dlrig_build *b, const dlrig_report *rep)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", b->name ? b->name : "");
    cJSON_AddBoolToObject(o, "ok", rep->counts[DLRIG_SEV_ERROR] == 0);
    cJSON *t = cJSON_AddObjectToObject(o, "totals");
    const dlrig_totals *tt = &rep->totals;
    cJSON_AddNumberToObject(t, "price_usd", round(tt->price_usd * 100) / 100);
    cJSON_AddNumberToObject(t, "power_w", round(tt->power_w));
    cJSON_AddNumberToObject(t, "gpu_count", tt->gpu_count);
    cJSON_AddNumberToObject(t, "vram_gb", tt->vram_gb);
    cJSON_AddNumberToObject(t, "ram_gb", tt->ram_gb);
    cJSON_AddNumberToObject(t, "peak_power_w", round(tt->peak_power_w));
    cJSON_AddNumberToObject(t, "load_w", round(tt->load_w));
    cJSON_AddNumberToObject(t, "wall_w", round(tt->wall_w));
    cJSON_AddNumberToObject(t, "psu_w", tt->psu_w);
    cJSON_AddNumberToObject(t, "lanes_used", tt->lanes_used);
    cJSON_AddNumberToObject(t, "lanes_available", tt->lanes_available);
    cJSON_AddNumberToObject(t, "nodes", tt->nodes);
    cJSON_AddNumberToObject(t, "unpriced_parts", tt->unpriced_parts);
    cJSON_AddNumberToObject(t, "owned_parts", tt->owned_parts);
    char today[8];
    int age = price_age_months(tt->oldest_price_date, price_today(today));
    if (tt->oldest_price_date) cJSON_AddStringToObject(t, "oldest_price_date", tt->oldest_price_date);
    else cJSON_AddNullToObject(t, "oldest_price_date");
    if (age >= 0) cJSON_AddNumberToObject(t, "price_age_months", age);
    else cJSON_AddNullToObject(t, "price_age_months");
    cJSON_AddBoolToObject(t, "prices_stale", age > DLRIG_PRICE_STALE_MONTHS);
    cJSON_AddNumberToObject(t, "undated_prices", tt->undated_prices);
    /* each line's price: the offer it is priced at, with its month and market */
    cJSON *lines = cJSON_AddArrayToObject(o, "prices");
    for (size_t i = 0; i < b->n_items; i++) {
        const dlrig_item *it = &b->items[i];
        dlrig_price pr = build_line_price(b, it);
        cJSON *l = cJSON_CreateObject();
        cJSON_AddStringToObject(l, "id", it->part->id);
        cJSON_AddNumberToObject(l, "qty", it->qty);
        if (price_known(&pr)) cJSON_AddNumberToObject(l, "unit_price_usd", round(pr.usd * 100) / 100);
        else cJSON_AddNullToObject(l, "unit_price_usd");
        if (price_known(&pr) && pr.date) cJSON_AddStringToObject(l, "price_date", pr.date);
        else cJSON_AddNullToObject(l, "price_date");
        if (price_known(&pr) && pr.market) cJSON_AddStringToObject(l, "price_market", pr.market);
        if (price_known(&pr) && !pr.owned)
            cJSON_AddStringToObject(l, "price_condition", dlrig_condition_names[pr.condition]);
        if (pr.owned) cJSON_AddTrueToObject(l, "owned");
        cJSON_AddItemToArray(lines, l);
    }
    cJSON *f = cJSON_AddArrayToObject(o, "findings");
    for (size_t i = 0; i < rep->n_findings; i++) {
        const dlrig_finding *x = &rep->findings[i];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddStringToObject(j, "id", x->id);
        cJSON_AddStringToObject(j, "severity", severity_name(x->severity));
        cJSON *parts = cJSON_AddArrayToObject(j, "parts");
        for (int k = 0; k < x->n_parts; k++) cJSON_AddItemToArray(parts, cJSON_CreateString(x->parts[k]));
        cJSON_AddStringToObject(j, "message", x->message);
        cJSON_AddStringToObject(j, "why", x->why);
        cJSON_AddStringToObject(j, "source", x->source);
        cJSON_AddItemToArray(f, j);
    }
    cJSON *pl = cJSON_AddArrayToObject(o, "placement");
    for (size_t i = 0; i < rep->placement.n_cards; i++) {
        const dlrig_placed *p = &rep->placement.cards[i];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddStringToObject(j, "part", p->part->id);
        if (p->position) {
            cJSON_AddNumberToObject(j, "position", p->position);
            cJSON_AddNumberToObject(j, "width", p->width);
            cJSON_AddNumberToObject(j, "link_width", p->link_width);
            cJSON_AddNumberToObject(j, "link_gen", p->link_gen);
        } else {
            cJSON_AddNullToObject(j, "position");
        }
        cJSON_AddItemToArray(pl, j);
    }
    cJSON *nc = cJSON_AddArrayToObject(o, "not_checked");
    for (size_t i = 0; i < rep->n_not_checked; i++) cJSON_AddItemToArray(nc, cJSON_CreateString(rep->not_checked[i]));
    return o;
}
