/* `dlrig compare`: two or three builds side by side.  The core decides
 * which value is best and which rows differ; this file only renders. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "cli/cli.h"
#include "dlrig/build.h"
#include "dlrig/compare.h"
#include "dlrig/util.h"

static void usage(cli_ctx *ctx, FILE *f)
{
    fputs("Usage: dlrig compare A.json B.json [C.json] [--workload W] [--json | --format md]\n"
          "Two or three builds side by side: price, estimated speed, time per epoch, speed per $1k,\n"
          "power, GPUs and VRAM, RAM, findings and the parts of each category.  Speeds are all\n"
          "estimated for the first build's workload, model and dataset (or --workload W).\n\n"
          "      --json               one JSON document\n"
          "      --format md          a Markdown table (best values in bold)\n"
          "Requirements that override the builds' own (--workload: estimate every build for it):\n",
          f);
    cli_req_usage(ctx, f, cli_override_keys());
    fputs("\nIn the table, * marks the best value of a row and ! a row where the builds differ.\n", f);
}

/* Appends s (cut to w) padded to w columns. */
static void put_cell(strbuf *sb, const char *raw, int w, bool right)
{
    char *s = term_safe(raw, 0); /* part names from a --catalog */
    int dw = display_width(s);
    if (dw > w) dw = w;
    if (right)
        for (int i = dw; i < w; i++) sb_append(sb, " ");
    sb_append_cut(sb, s, w);
    if (!right)
        for (int i = dw; i < w; i++) sb_append(sb, " ");
    free(s);
}

/* Copies into piece the longest run of whole words of s that fits in w
 * columns (a word longer than w is cut); returns where the rest starts. */
static const char *wrap_piece(const char *s, int w, char *piece, size_t len)
{
    size_t best = 0;
    const char *p = s;
    while (*p) {
        const char *e = strchr(p, ' ');
        size_t end = e ? (size_t)(e - s) : strlen(s);
        if (end >= len) break;
        char tmp[256];
        memcpy(tmp, s, end);
        tmp[end] = '\0';
        if (display_width(tmp) > w) break;
        best = end;
        if (!e) break;
        p = e + 1;
    }
    if (best == 0) { /* one long word: cut it */
        best = strcspn(s, " ");
        if (best >= len) best = len - 1;
    }
    memcpy(piece, s, best);
    piece[best] = '\0';
    const char *next = s + best;
    while (*next == ' ') next++;
    return next;
}

static void render_table(const dlrig_compare *c, char *const *paths)
{
    static const char letters[] = "ABC";
    bool color = cli_use_color(STDOUT_FILENO);
    int term = cli_term_width();
    if (term == 0) { /* not a terminal: $COLUMNS, else a width that reads well in a file */
        const char *cols = getenv("COLUMNS");
        term = cols && atoi(cols) >= 40 ? atoi(cols) : 120;
    }
    const char *bold = color ? "\033[1;32m" : "", *dim = color ? "\033[2m" : "", *reset = color ? "\033[0m" : "";

    printf("Comparing %zu builds; speeds estimated for the %s workload%s%s%s\n", c->n, c->workload,
           c->unit ? " (" : "", c->unit ? c->unit : "", c->unit ? ")" : "");
    for (size_t i = 0; i < c->n; i++) printf("  %c  %s  (%s)\n", letters[i], cli_safe(c->builds[i]->name), cli_file(paths[i]));
    printf("\n");

    /* widths: label, then one column per build; values get " *" when best */
    int lw = 0;
    for (int m = 0; m < DLRIG_CMP_ROWS; m++)
        if (display_width(c->rows[m].label) > lw) lw = display_width(c->rows[m].label);
    for (size_t k = 0; k < c->n_parts; k++)
        if (display_width(category_title(c->parts[k].category)) > lw) lw = display_width(category_title(c->parts[k].category));
    int vw[DLRIG_COMPARE_MAX] = {0};
    for (size_t i = 0; i < c->n; i++) {
        vw[i] = 1;
        for (int m = 0; m < DLRIG_CMP_ROWS; m++) {
            int w = display_width(c->rows[m].text[i]) + 2;
            if (w > vw[i]) vw[i] = w;
        }
        for (size_t k = 0; k < c->n_parts; k++) {
            int w = display_width(c->parts[k].text[i]);
            if (w > vw[i]) vw[i] = w;
        }
    }
    {
        int total = 2 + lw;
        for (size_t i = 0; i < c->n; i++) total += 3 + vw[i];
        int over = total - term;
        /* narrow the widest columns first, never below 14 */
        while (over > 0) {
            size_t wi = 0;
            for (size_t i = 1; i < c->n; i++)
                if (vw[i] > vw[wi]) wi = i;
            if (vw[wi] <= 14) break;
            vw[wi]--;
            over--;
        }
    }

    strbuf sb = {0};
    sb_append(&sb, "  ");
    put_cell(&sb, "", lw, false);
    for (size_t i = 0; i < c->n; i++) {
        char h[4] = {letters[i], '\0'};
        sb_append(&sb, "   ");
        put_cell(&sb, h, vw[i], false);
    }
    while (sb.len && sb.s[sb.len - 1] == ' ') sb.s[--sb.len] = '\0';
    puts(sb.s);

    for (int m = 0; m < DLRIG_CMP_ROWS; m++) {
        const dlrig_compare_row *r = &c->rows[m];
        sb.len = 0;
        sb.s[0] = '\0';
        sb_append(&sb, r->differs ? "! " : "  ");
        if (!r->differs) sb_append(&sb, dim);
        put_cell(&sb, r->label, lw, false);
        if (!r->differs) sb_append(&sb, reset);
        for (size_t i = 0; i < c->n; i++) {
            bool best = r->best & (1u << i);
            char v[64];
            snprintf(v, sizeof v, "%s%s", r->text[i], best ? " *" : "");
            sb_append(&sb, "   ");
            if (best) sb_append(&sb, bold);
            put_cell(&sb, v, vw[i], false);
            if (best) sb_append(&sb, reset);
        }
        /* no trailing blanks */
        while (sb.len && sb.s[sb.len - 1] == ' ') sb.s[--sb.len] = '\0';
        puts(sb.s);
    }
    printf("\n");
    /* parts: long names wrap inside their column */
    for (size_t k = 0; k < c->n_parts; k++) {
        const dlrig_compare_parts *p = &c->parts[k];
        const char *rest[DLRIG_COMPARE_MAX];
        for (size_t i = 0; i < c->n; i++) rest[i] = p->text[i];
        for (int line = 0;; line++) {
            bool more = false;
            for (size_t i = 0; i < c->n; i++)
                if (*rest[i]) more = true;
            if (!more) break;
            sb.len = 0;
            sb.s[0] = '\0';
            sb_append(&sb, line == 0 && p->differs ? "! " : "  ");
            if (!p->differs) sb_append(&sb, dim);
            put_cell(&sb, line == 0 ? category_title(p->category) : "", lw, false);
            for (size_t i = 0; i < c->n; i++) {
                char piece[256];
                rest[i] = wrap_piece(rest[i], vw[i], piece, sizeof piece);
                sb_append(&sb, "   ");
                put_cell(&sb, piece, vw[i], false);
            }
            if (!p->differs) sb_append(&sb, reset);
            while (sb.len && sb.s[sb.len - 1] == ' ') sb.s[--sb.len] = '\0';
            puts(sb.s);
        }
    }
    unsigned partial = 0;
    for (int m = 0; m < DLRIG_CMP_ROWS; m++) partial |= c->rows[m].partial;
    bool owned = false;
    for (size_t i = 0; i < c->n; i++) owned |= c->an[i].report.totals.owned_parts > 0;
    printf("\n* best value in the row   ! the builds differ%s%s\n",
           partial ? "   +? some parts have no price (not ranked)" : "",
           owned ? "   +N owned: parts owned already, not in the price" : "");
    sb_free(&sb);
}

enum { O_JSON = 256 };
const struct option cli_compare_opts[] = {{"json", no_argument, NULL, O_JSON},
                                          {"format", required_argument, NULL, 'f'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
const cli_optvalue cli_compare_values[] = {{"format", CLI_V_COMPARE_FORMAT}, {NULL, CLI_V_NONE}};

int cmd_compare(cli_ctx *ctx, int argc, char **argv)
{
    cli_reqopts ro;
    cli_reqopts_build(&ro, cli_override_keys(), cli_compare_opts, "hf:");
    bool json = false, md = false;
    dlrig_requirements over;
    requirements_init(&over);
    int c;
    optind = 0;
    while ((c = cli_getopt(argc, argv, ro.shortopts, ro.opts, "compare")) != -1) {
        int got = cli_reqopts_apply(ctx, &ro, c, optarg, &over, NULL);
        if (got < 0) return EXIT_USAGE;
        if (got > 0) continue;
        switch (c) {
        case O_JSON: json = true; break;
        case 'f':
            if (strcmp(optarg, "md") != 0) {
                cli_error("--format: unknown format '%s' for compare; valid: md (or --json)", optarg);
                return EXIT_USAGE;
            }
            md = true;
            break;
        case 'h': usage(ctx, stdout); return EXIT_OK;
        default: return EXIT_USAGE;
        }
    }
    if (json && md) {
        cli_error("compare: --json and --format md exclude each other");
        return EXIT_USAGE;
    }
    int n = argc - optind;
    if (n < 2 || n > DLRIG_COMPARE_MAX) {
        cli_error("compare: expected 2 or 3 build files, got %d; see 'dlrig compare --help'", n);
        return EXIT_USAGE;
    }
    if (!cli_stdin_once("compare", argv + optind, (size_t)n, NULL)) return EXIT_USAGE;
    /* --workload is the workload every build is estimated for; the other
     * options override each build's own requirements */
    char workload_buf[sizeof over.workload];
    snprintf(workload_buf, sizeof workload_buf, "%s", over.workload);
    const char *workload = workload_buf[0] ? workload_buf : NULL;
    over.workload[0] = '\0';
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) return EXIT_IO;
    dlrig_build builds[DLRIG_COMPARE_MAX];
    const dlrig_build *ptrs[DLRIG_COMPARE_MAX];
    int loaded = 0, status = EXIT_OK;
    char err[1024];
    for (int i = 0; i < n; i++) {
        int rc = build_load(cat, argv[optind + i], &builds[i], err, sizeof err);
        loaded++;
        if (rc != DLRIG_BUILD_OK) {
            cli_error("%s", err);
            status = rc == DLRIG_BUILD_EIO ? EXIT_IO : EXIT_USAGE;
            break;
        }
        requirements_overlay(&builds[i].req, &over);
        ptrs[i] = &builds[i];
    }
    if (status == EXIT_OK) {
        dlrig_compare cmp;
        if (compare_builds(cat, ptrs, (size_t)n, workload, &cmp, err, sizeof err) != 0) {
            cli_error("compare: %s", err);
            status = EXIT_USAGE;
        } else {
            if (json) {
                cli_print_doc(&CLI_DOC_COMPARE, compare_to_json(&cmp));
            } else if (md) {
                strbuf sb = {0};
                compare_markdown(&cmp, &sb);
                cli_put_safe(sb.s ? sb.s : "", sb.len, stdout);
                sb_free(&sb);
            } else {
                render_table(&cmp, argv + optind);
            }
            compare_free(&cmp);
        }
    }
    for (int i = 0; i < loaded; i++) build_free(&builds[i]);
    return status;
}
