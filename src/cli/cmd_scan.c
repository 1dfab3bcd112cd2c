/* `dlrig scan`: the machine dlrig runs on (or a copy of its /proc and /sys)
 * read into a build file of the parts it has, each line owned. */
#include <cjson/cJSON.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "dlrig/build.h"
#include "dlrig/scan.h"
#include "dlrig/util.h"

static void usage(FILE *f)
{
    fputs("Usage: dlrig scan [-o BUILD.json | -o -] [--root DIR] [--force] [--name NAME] [--json]\n"
          "Reads the machine dlrig runs on into a build of the catalog's parts, every line marked\n"
          "\"owned\" (it counts 0 in prices and totals): the CPU (/proc/cpuinfo, by its model\n"
          "number), the memory (the modules' part numbers in the firmware's SMBIOS table,\n"
          "readable as root; else only its size), the board or server (its name), the GPUs and\n"
          "network cards (their PCI ids; a network card's part number), the drives (part number,\n"
          "else name and size) and, with nvidia-smi on PATH, the NVIDIA cards' memory and power\n"
          "limits.  Each GPU's PCIe link is reported.  What is not in the catalog is listed by\n"
          "what was seen (pci.ids names it when installed), never guessed.\n\n"
          "  -o, --output FILE  write the build file ('-': standard output, the report then goes\n"
          "                     to standard error); without it nothing is written\n"
          "      --force        overwrite FILE if it exists\n"
          "      --root DIR     read DIR/proc and DIR/sys (a copy of another machine's) instead of\n"
          "                     this machine's; DIR/nvidia-smi.csv stands for nvidia-smi's answer\n"
          "      --name NAME    the build's name (default: \"Scanned: \" and the board or CPU)\n"
          "      --json         the report as one JSON document (with the build)\n\n"
          "Exit status: 0 the CPU, board, memory and every GPU were matched; 1 some were not (the\n"
          "build holds the rest; drives and network cards not matched are listed but do not\n"
          "count); 2 bad usage, DIR cannot be read, or FILE exists; 3 I/O failure.\n",
          f);
}

static const char *kind_title(dlrig_scan_kind k)
{
    static const char *const t[DLRIG_SCAN_KIND_COUNT] = {"CPU", "Board", "Memory", "GPU", "Storage", "NIC"};
    return (unsigned)k < DLRIG_SCAN_KIND_COUNT ? t[k] : "?";
}

static void report_text(FILE *f, const dlrig_scan *s, const char *root, bool live)
{
    fprintf(f, "Scan of %s\n", live ? "this machine" : cli_safe(root));
    bool gpus = false;
    for (size_t i = 0; i < s->n_items; i++) gpus = gpus || s->items[i].kind == DLRIG_SCAN_GPU;
    for (size_t pass = 0; pass < 2; pass++) {
        bool any = false;
        if (pass == 1 && !gpus) fprintf(f, "  %-8s none (no display or 3D controller of NVIDIA, AMD or Intel)\n", "GPU");
        for (size_t i = 0; i < s->n_items; i++) {
            const dlrig_scan_item *it = &s->items[i];
            if ((pass == 0) != (it->part != NULL)) continue;
            if (!any && pass == 1) fprintf(f, "Not matched:\n");
            any = true;
            fprintf(f, "  %-8s %s\n", kind_title(it->kind), cli_safe(it->seen));
            if (it->part) {
                fprintf(f, "           = %s", it->part->id);
                if (it->qty > 1) fprintf(f, " x %d", it->qty);
                fprintf(f, " (%s), by %s\n", cli_safe(it->part->name), cli_safe(it->how));
            } else {
                fprintf(f, "           %s\n", cli_safe(it->note));
            }
            if (it->part && it->note) fprintf(f, "           note: %s\n", cli_safe(it->note));
            if (it->kind == DLRIG_SCAN_GPU) {
                char link[160];
                if (*scan_link_text(&it->link, link, sizeof link)) fprintf(f, "           link %s\n", link);
                if (!isnan(it->vram_mib) || !isnan(it->power_limit_w)) {
                    fputs("          ", f);
                    if (!isnan(it->vram_mib)) fprintf(f, " memory %.0f MiB", it->vram_mib);
                    if (!isnan(it->power_limit_w)) fprintf(f, " power limit %.0f W", it->power_limit_w);
                    if (!isnan(it->power_max_w)) fprintf(f, " (at most %.0f W)", it->power_max_w);
                    fputc('\n', f);
                }
            }
        }
    }
    if (s->nvidia_smi_note) fprintf(f, "NVIDIA cards: %s\n", cli_safe(s->nvidia_smi_note));
    fprintf(f, "Not read (no file of a running machine names them): the power supply, the case (but for a\n"
               "server) and the CPU cooler; add them before 'dlrig check' (dlrig tui BUILD.json).\n");
    size_t main_n = s->n_matched + s->n_unmatched;
    fprintf(f, "Matched %zu of %zu main part%s (CPU, board, memory, GPUs)", s->n_matched, main_n,
            main_n == 1 ? "" : "s");
    if (s->n_other_unmatched)
        fprintf(f, "; %zu drive%s or network card%s not matched", s->n_other_unmatched,
                s->n_other_unmatched == 1 ? "" : "s", s->n_other_unmatched == 1 ? "" : "s");
    fprintf(f, ".\n");
}

static cJSON *link_json(const dlrig_scan_link *l)
{
    cJSON *o = cJSON_CreateObject();
    char buf[160];
    cJSON_AddStringToObject(o, "text", scan_link_text(l, buf, sizeof buf));
    int cg = scan_pcie_gen(l->cur_gts), mg = scan_pcie_gen(l->max_gts);
    if (l->cur_gts > 0) cJSON_AddNumberToObject(o, "current_gts", l->cur_gts);
    else cJSON_AddNullToObject(o, "current_gts");
    if (cg) cJSON_AddNumberToObject(o, "current_gen", cg);
    else cJSON_AddNullToObject(o, "current_gen");
    if (l->cur_width) cJSON_AddNumberToObject(o, "current_width", l->cur_width);
    else cJSON_AddNullToObject(o, "current_width");
    if (l->max_gts > 0) cJSON_AddNumberToObject(o, "max_gts", l->max_gts);
    else cJSON_AddNullToObject(o, "max_gts");
    if (mg) cJSON_AddNumberToObject(o, "max_gen", mg);
    else cJSON_AddNullToObject(o, "max_gen");
    if (l->max_width) cJSON_AddNumberToObject(o, "max_width", l->max_width);
    else cJSON_AddNullToObject(o, "max_width");
    cJSON_AddBoolToObject(o, "narrow", scan_link_narrow(l));
    return o;
}

static void add_hex(cJSON *o, const char *key, int v, int digits)
{
    if (v < 0) {
        cJSON_AddNullToObject(o, key);
        return;
    }
    char buf[16];
    snprintf(buf, sizeof buf, "%0*x", digits, (unsigned)v & 0xffffu);
    cJSON_AddStringToObject(o, key, buf);
}

static void add_num(cJSON *o, const char *key, double v)
{
    if (isnan(v)) cJSON_AddNullToObject(o, key);
    else cJSON_AddNumberToObject(o, key, round(v * 100) / 100);
}

static cJSON *report_json(const dlrig_scan *s, const char *root, bool live, const dlrig_build *b, bool written)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "root", root);
    cJSON_AddBoolToObject(o, "live", live);
    cJSON *items = cJSON_AddArrayToObject(o, "items");
    for (size_t i = 0; i < s->n_items; i++) {
        const dlrig_scan_item *it = &s->items[i];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddStringToObject(j, "kind", scan_kind_name(it->kind));
        cJSON_AddStringToObject(j, "seen", it->seen ? it->seen : "");
        cJSON_AddStringToObject(j, "where", it->where ? it->where : "");
        cJSON_AddBoolToObject(j, "main", it->main);
        cJSON_AddBoolToObject(j, "matched", it->part != NULL);
        if (it->part) {
            cJSON_AddStringToObject(j, "part_id", it->part->id);
            cJSON_AddStringToObject(j, "part_name", it->part->name);
            cJSON_AddNumberToObject(j, "qty", it->qty);
            cJSON_AddStringToObject(j, "matched_by", it->how ? it->how : "");
            if (it->note) cJSON_AddStringToObject(j, "note", it->note);
        } else {
            cJSON_AddNullToObject(j, "part_id");
            cJSON_AddStringToObject(j, "reason", it->note ? it->note : "");
        }
        if (it->vendor >= 0) {
            cJSON *p = cJSON_AddObjectToObject(j, "pci");
            cJSON_AddStringToObject(p, "address", it->address);
            add_hex(p, "vendor_id", it->vendor, 4);
            add_hex(p, "device_id", it->device, 4);
            add_hex(p, "subsystem_vendor_id", it->subsys_vendor, 4);
            add_hex(p, "subsystem_device_id", it->subsys_device, 4);
            add_hex(p, "revision", it->revision, 2);
            if (it->pci_name) cJSON_AddStringToObject(p, "name", it->pci_name);
            else cJSON_AddNullToObject(p, "name");
            cJSON_AddItemToObject(j, "link", link_json(&it->link));
        }
        if (it->kind == DLRIG_SCAN_GPU) {
            add_num(j, "memory_mib", it->vram_mib);
            add_num(j, "power_limit_w", it->power_limit_w);
            add_num(j, "power_max_w", it->power_max_w);
        }
        cJSON_AddItemToArray(items, j);
    }
    add_num(o, "memory_total_gib", isnan(s->mem_total_kib) ? NAN : s->mem_total_kib / (1024.0 * 1024.0));
    if (s->n_modules >= 0) cJSON_AddNumberToObject(o, "memory_modules", s->n_modules);
    else cJSON_AddNullToObject(o, "memory_modules");
    if (s->nvidia_smi) cJSON_AddStringToObject(o, "nvidia_smi", s->nvidia_smi);
    else cJSON_AddNullToObject(o, "nvidia_smi");
    if (s->nvidia_smi_note) cJSON_AddStringToObject(o, "nvidia_smi_note", s->nvidia_smi_note);
    if (s->pci_ids) cJSON_AddStringToObject(o, "pci_ids", s->pci_ids);
    else cJSON_AddNullToObject(o, "pci_ids");
    cJSON_AddNumberToObject(o, "matched", (double)s->n_matched);
    cJSON_AddNumberToObject(o, "not_matched", (double)s->n_unmatched);
    cJSON_AddNumberToObject(o, "others_not_matched", (double)s->n_other_unmatched);
    if (written) cJSON_AddItemToObject(o, "build", build_to_json(b));
    else cJSON_AddNullToObject(o, "build");
    return o;
}

/* The build's name: "Scanned: " and the server or board, else the CPU. */
static char *default_name(const dlrig_scan *s)
{
    const dlrig_part *board = NULL, *cpu = NULL;
    for (size_t i = 0; i < s->n_items; i++) {
        const dlrig_scan_item *it = &s->items[i];
        if (!it->part) continue;
        if (it->kind == DLRIG_SCAN_BOARD && !board) board = it->part;
        if (it->kind == DLRIG_SCAN_CPU && !cpu) cpu = it->part;
    }
    const dlrig_part *p = board ? board : cpu;
    return p ? xasprintf("Scanned: %s", p->name) : xstrdup("Scanned machine");
}

const struct option cli_scan_opts[] = {{"output", required_argument, NULL, 'o'},
                                       {"force", no_argument, NULL, 'f'},
                                       {"root", required_argument, NULL, 'r'},
                                       {"name", required_argument, NULL, 'n'},
                                       {"json", no_argument, NULL, 'j'},
                                       {"help", no_argument, NULL, 'h'},
                                       {NULL, 0, NULL, 0}};
const cli_optvalue cli_scan_values[] = {{"output", CLI_V_OUTPUT}, {"root", CLI_V_FILE}, {NULL, CLI_V_NONE}};

int cmd_scan(cli_ctx *ctx, int argc, char **argv)
{
    const char *out = NULL, *name = NULL, *root = NULL;
    bool force = false, json = false;
    int c;
    optind = 0;
    while ((c = cli_getopt(argc, argv, "o:h", cli_scan_opts, "scan")) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case 'f': force = true; break;
        case 'r': root = optarg; break;
        case 'n': name = optarg; break;
        case 'j': json = true; break;
        case 'h': usage(stdout); return EXIT_OK;
        default: return EXIT_USAGE;
        }
    }
    if (optind != argc) {
        cli_error("scan: expected no operand, got '%s' (the machine is read from / or --root DIR)", argv[optind]);
        return EXIT_USAGE;
    }
    if (name && (!*name || strlen(name) > 200 || text_problem(name, strlen(name), 0))) {
        cli_error("--name: expected 1 to 200 bytes of text");
        return EXIT_USAGE;
    }
    if (root && !*root) {
        cli_error("--root: expected a directory");
        return EXIT_USAGE;
    }
    if (!cli_output_free("scan", out, force)) return EXIT_USAGE; /* refused before any work */
    dlrig_catalog *cat = cli_catalog(ctx);
    if (!cat) return EXIT_IO;
    bool live = !root || !strcmp(root, "/");
    static const char *const host_ids[] = {"/usr/share/misc/pci.ids", "/usr/share/hwdata/pci.ids", NULL};
    dlrig_scan_options so = {.root = root, .run_nvidia_smi = live, .host_pci_ids = host_ids};
    dlrig_scan s;
    char err[512];
    if (scan_machine(cat, &so, &s, err, sizeof err) != DLRIG_SCAN_OK) {
        cli_error("scan: --root %s", err);
        scan_free(&s);
        return EXIT_USAGE;
    }
    char *title = name ? xstrdup(name) : default_name(&s);
    dlrig_build b;
    build_init(&b, title);
    free(title);
    scan_to_build(&s, &b);
    bool to_stdout = out && strcmp(out, "-") == 0;
    FILE *rep = to_stdout ? stderr : stdout;
    int status = s.n_unmatched ? EXIT_FINDINGS : EXIT_OK;
    bool write = out && b.n_items > 0;
    if (json && !to_stdout) cli_print_doc(&CLI_DOC_SCAN, report_json(&s, root ? root : "/", live, &b, b.n_items > 0));
    else report_text(rep, &s, root ? root : "/", live);
    fflush(rep); /* the report before the messages on standard error */
    if (out && !b.n_items) {
        cli_error("scan: no part of this machine is in the catalog; nothing written");
        status = EXIT_FINDINGS;
    } else if (write && to_stdout) {
        cli_print_json_to(stdout, build_to_json(&b));
    } else if (write) {
        if (build_save(&b, out, force, err, sizeof err) != DLRIG_BUILD_OK) {
            cli_error("%s", err);
            status = EXIT_IO;
        } else if (!json) {
            printf("Wrote %s (%zu part line%s, each owned). Next: dlrig check %s\n", cli_safe(out), b.n_items,
                   b.n_items == 1 ? "" : "s", cli_safe(out));
        }
    } else if (!json) {
        printf("Nothing written; -o BUILD.json writes the build.\n");
    }
    build_free(&b);
    scan_free(&s);
    return status;
}
