/*
 * scan.c — a machine's /proc and /sys read into catalog parts (scan.h).
 */
#include "dlrig/scan.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dlrig/util.h"

/* Bounds on what is read. */
#define MAX_CPUINFO (8u << 20) /* 8 MiB: a 512-thread machine writes about 1 MiB */
#define MAX_SMALL 4096         /* a sysfs attribute, meminfo */
#define MAX_DMI (1u << 20)     /* SMBIOS tables are tens of KiB */
#define MAX_VPD (32u << 10)    /* the PCI VPD area is at most 32 KiB */
#define MAX_PCI_IDS (16u << 20)
#define MAX_SMI (64u << 10)
#define MAX_PCI_DEVICES 4096
#define MAX_BLOCK_DEVICES 1024
#define MAX_MODULES 256
#define SMI_TIMEOUT_MS 5000

const char *scan_kind_name(dlrig_scan_kind k)
{
    static const char *const names[DLRIG_SCAN_KIND_COUNT] = {"cpu", "board", "memory", "gpu", "storage", "nic"};
    return (unsigned)k < DLRIG_SCAN_KIND_COUNT ? names[k] : "?";
}

typedef struct ctx {
    const dlrig_catalog *cat;
    const dlrig_scan_options *o;
    dlrig_scan *out;
    const char *root; /* without a trailing '/'; "" for "/" */
    char *pci_ids;    /* the pci.ids text, read when first needed */
    size_t pci_ids_len;
    bool pci_ids_tried;
} ctx;

/* ------------------------------------------------------------ files */

static char *path_of(const ctx *c, const char *rel) { return xasprintf("%s/%s", c->root, rel); }

/* A file under the root, at most max bytes; NULL with errno set. */
static char *rd(const ctx *c, const char *rel, size_t max, size_t *len)
{
    char *p = path_of(c, rel);
    size_t l = 0;
    char *t = read_file_regular(p, max, &l);
    int e = errno;
    free(p);
    if (len) *len = l;
    errno = e;
    return t;
}

/* A one-line attribute under the root, trimmed, or NULL (missing, empty or
 * not text).  Caller frees. */
static char *rd_attr(const ctx *c, const char *rel)
{
    size_t len;
    char *t = rd(c, rel, MAX_SMALL, &len);
    if (!t) return NULL;
    char *s = t;
    while (*s && isspace((unsigned char)*s)) s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) s[--n] = '\0';
    for (char *q = s; *q; q++)
        if ((unsigned char)*q < 0x20 || (unsigned char)*q == 0x7f) *q = ' ';
    if (!n || !utf8_valid(s, n)) {
        free(t);
        return NULL;
    }
    char *r = xstrdup(s);
    free(t);
    return r;
}

/* A hexadecimal attribute ("0x10de\n"), or -1. */
static long rd_hex(const ctx *c, const char *rel)
{
    char *t = rd_attr(c, rel);
    if (!t) return -1;
    char *end;
    errno = 0;
    long v = strtol(t, &end, 16);
    bool ok = end != t && !*end && !errno && v >= 0;
    free(t);
    return ok ? v : -1;
}

/* ------------------------------------------------------------ items */

static dlrig_scan_item *new_item(ctx *c, dlrig_scan_kind kind, bool main_part)
{
    dlrig_scan *s = c->out;
    if (s->n_items == s->cap_items) {
        s->cap_items = s->cap_items ? s->cap_items * 2 : 16;
        s->items = xrealloc(s->items, s->cap_items * sizeof *s->items);
    }
    dlrig_scan_item *it = &s->items[s->n_items++];
    memset(it, 0, sizeof *it);
    it->kind = kind;
    it->main = main_part;
    it->vendor = it->device = it->subsys_vendor = it->subsys_device = it->revision = -1;
    it->vram_mib = it->power_limit_w = it->power_max_w = NAN;
    return it;
}

static void set_str(char **dst, char *s)
{
    free(*dst);
    *dst = s;
}

static void matched(dlrig_scan_item *it, const dlrig_part *p, int qty, char *how)
{
    it->part = p;
    it->qty = qty;
    set_str(&it->how, how);
}

/* ------------------------------------------------------------ words */

/* Upper-case words of s (ASCII; separated by space, tab, ',', '(' and ')'),
 * at most max, each at most 63 bytes, in w. */
typedef struct words {
    char w[32][64];
    int n;
} words;

static void split_words(const char *s, words *out)
{
    out->n = 0;
    while (s && *s && out->n < 32) {
        s += strspn(s, " \t,()");
        size_t k = strcspn(s, " \t,()");
        if (!k) break;
        if (k < sizeof out->w[0]) {
            for (size_t i = 0; i < k; i++) out->w[out->n][i] = (char)toupper((unsigned char)s[i]);
            out->w[out->n][k] = '\0';
            out->n++;
        }
        s += k;
    }
}

static bool has_word(const words *ws, const char *w)
{
    for (int i = 0; i < ws->n; i++)
        if (!strcmp(ws->w[i], w)) return true;
    return false;
}

static bool has_digit(const char *s) { return strpbrk(s, "0123456789") != NULL; }

/* s without what is in parentheses, for comparing names: the catalog's
 * "(AS-4125GS-TNRT system board)", MSI's "(MS-7D69)".  Caller frees. */
static char *no_parens(const char *s)
{
    strbuf b = {0};
    int depth = 0;
    for (; *s; s++) {
        if (*s == '(') depth++;
        else if (*s == ')' && depth) depth--;
        else if (!depth) sb_appendn(&b, s, 1);
    }
    return sb_take(&b);
}

/* The letters and digits of s, upper case, into out: names compared
 * whole ("AS -4125GS-TNRT" and "AS-4125GS-TNRT" are one). */
static void name_key(const char *s, char *out, size_t len)
{
    size_t k = 0;
    for (; *s && k + 1 < len; s++)
        if (isalnum((unsigned char)*s)) out[k++] = (char)toupper((unsigned char)*s);
    out[k] = '\0';
}

/* A placeholder firmware writes where a name should be. */
static bool placeholder(const char *s)
{
    static const char *const junk[] = {"DEFAULTSTRING", "TOBEFILLEDBYOEM", "SYSTEMPRODUCTNAME", "SYSTEMMANUFACTURER",
                                       "NOTAPPLICABLE", "NOTSPECIFIED", "UNKNOWN", "NONE", "OEM", "TYPE1PRODUCTNAME",
                                       "TYPE2BOARDPRODUCTNAME", "BASEBOARDPRODUCTNAME", NULL};
    char k[128];
    name_key(s ? s : "", k, sizeof k);
    if (!k[0]) return true;
    for (int i = 0; junk[i]; i++)
        if (!strcmp(k, junk[i])) return true;
    return false;
}

/* ------------------------------------------------------------ CPU */

/* The words of a CPU's model name that say which model it is: the name
 * without the maker, trademarks, "CPU", "Processor", a core count
 * ("32-Cores", "16-Core"), Intel's "13th Gen", a clock ("@ 3.20GHz") and
 * an APU's graphics ("w/ Radeon 780M Graphics"). */
static void cpu_words(const char *name, words *out)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", name);
    for (char *p; (p = strstr(buf, "(R)")) || (p = strstr(buf, "(TM)")) || (p = strstr(buf, "(tm)"));)
        memmove(p, p + (p[1] == 'R' ? 3 : 4), strlen(p + (p[1] == 'R' ? 3 : 4)) + 1);
    char *cut = strstr(buf, " @");
    if (cut) *cut = '\0';
    if ((cut = strstr(buf, " w/ "))) *cut = '\0';
    if ((cut = strstr(buf, " with "))) *cut = '\0';
    words all;
    split_words(buf, &all);
    out->n = 0;
    for (int i = 0; i < all.n; i++) {
        const char *w = all.w[i];
        size_t l = strlen(w);
        if (!strcmp(w, "AMD") || !strcmp(w, "INTEL") || !strcmp(w, "CPU") || !strcmp(w, "PROCESSOR")) continue;
        if (l > 5 && (!strcmp(w + l - 5, "-CORE") || (l > 6 && !strcmp(w + l - 6, "-CORES"))) &&
            isdigit((unsigned char)w[0]))
            continue;
        bool ordinal = l >= 3 && isdigit((unsigned char)w[0]) &&
                       (!strcmp(w + l - 2, "TH") || !strcmp(w + l - 2, "ST") || !strcmp(w + l - 2, "ND") ||
                        !strcmp(w + l - 2, "RD"));
        if (ordinal && i + 1 < all.n && !strcmp(all.w[i + 1], "GEN")) {
            i++;
            continue;
        }
        memcpy(out->w[out->n++], w, l + 1); /* l < 64: a word of split_words */
    }
}

/* Whether the words of a catalog CPU's name say the same model as what
 * cpuinfo gives: every catalog word is there, every word with a digit there
 * is in the catalog's name, and the only other word allowed is a family
 * name the catalog leaves out (AMD's "Ryzen" before "Threadripper"). */
static bool cpu_same(const words *seen, const words *cat)
{
    for (int i = 0; i < cat->n; i++)
        if (!has_word(seen, cat->w[i])) return false;
    for (int i = 0; i < seen->n; i++) {
        if (has_word(cat, seen->w[i])) continue;
        if (has_digit(seen->w[i])) return false;
        if (strcmp(seen->w[i], "RYZEN")) return false;
    }
    return cat->n > 0;
}

/* The model number of a name as it is written (its last word with a
 * digit: "i9-14900K"), into buf; "" when it has none. */
static const char *model_number(const char *name, char *buf, size_t len)
{
    buf[0] = '\0';
    for (const char *p = name; *p;) {
        p += strspn(p, " \t");
        size_t k = strcspn(p, " \t");
        if (!k) break;
        bool digit = false;
        for (size_t i = 0; i < k; i++) digit = digit || isdigit((unsigned char)p[i]);
        if (digit && k < len) snprintf(buf, len, "%.*s", (int)k, p);
        p += k;
    }
    return buf;
}

static void scan_cpu(ctx *c)
{
    size_t len;
    char *text = rd(c, "proc/cpuinfo", MAX_CPUINFO, &len);
    dlrig_scan_item *it = new_item(c, DLRIG_SCAN_CPU, true);
    it->where = xstrdup("proc/cpuinfo");
    if (!text) {
        it->seen = xstrdup("CPU");
        it->note = xasprintf("proc/cpuinfo: cannot read: %s", file_error(errno));
        return;
    }
    char model[256] = "", vendor[64] = "";
    int cores = -1, threads = 0;
    /* distinct physical ids (packages), up to 64 */
    int ids[64], n_ids = 0;
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = '\0';
        char *colon = strchr(line, ':');
        if (!colon) continue;
        char *k = line, *v = colon + 1;
        char *ke = colon;
        while (ke > k && isspace((unsigned char)ke[-1])) ke--;
        *ke = '\0';
        while (*v == ' ' || *v == '\t') v++;
        if (!strcmp(k, "processor")) threads++;
        else if (!strcmp(k, "model name") && !model[0]) snprintf(model, sizeof model, "%s", v);
        else if (!strcmp(k, "vendor_id") && !vendor[0]) snprintf(vendor, sizeof vendor, "%s", v);
        else if (!strcmp(k, "cpu cores") && cores < 0) cores = atoi(v);
        else if (!strcmp(k, "physical id")) {
            int id = atoi(v);
            bool seen = false;
            for (int i = 0; i < n_ids; i++) seen = seen || ids[i] == id;
            if (!seen && n_ids < 64) ids[n_ids++] = id;
        }
    }
    free(text);
    for (char *q = model; *q; q++)
        if ((unsigned char)*q < 0x20 || (unsigned char)*q >= 0x7f) *q = '?';
    int packages = n_ids ? n_ids : 1;
    strbuf seen = {0};
    sb_printf(&seen, "%s", model[0] ? model : "a CPU without a model name");
    if (cores > 0) sb_printf(&seen, ", %d package%s of %d cores", packages, packages == 1 ? "" : "s", cores);
    else if (threads)
        sb_printf(&seen, ", %d package%s, %d thread%s", packages, packages == 1 ? "" : "s", threads,
                  threads == 1 ? "" : "s");
    it->seen = sb_take(&seen);
    if (!model[0]) {
        it->note = xstrdup("proc/cpuinfo gives no model name");
        return;
    }
    const char *maker = !strcmp(vendor, "AuthenticAMD") ? "AMD" : !strcmp(vendor, "GenuineIntel") ? "Intel" : NULL;
    words sw;
    cpu_words(model, &sw);
    size_t n;
    const dlrig_cpu *cpus = catalog_cpus(c->cat, &n);
    const dlrig_cpu *found = NULL;
    strbuf also = {0};
    for (size_t i = 0; i < n; i++) {
        const dlrig_cpu *cp = &cpus[i];
        if (maker && cp->p.vendor && strcasecmp(cp->p.vendor, maker)) continue;
        words cw;
        split_words(cp->p.name, &cw);
        if (!cpu_same(&sw, &cw)) continue;
        if (found) sb_printf(&also, "%s%s", also.len ? ", " : "", cp->p.id);
        else found = cp;
    }
    if (found && also.len) {
        it->note = xasprintf("'%s' names several catalog CPUs (%s, %s); none taken", model, found->p.id, also.s);
        sb_free(&also);
        return;
    }
    sb_free(&also);
    char num[64];
    if (!found) {
        bool any = false;
        for (int i = 0; i < sw.n; i++) any = any || has_digit(sw.w[i]);
        it->note = any ? xasprintf("no catalog CPU is a '%s'", model)
                       : xasprintf("'%s' gives no model number to match", model);
        return;
    }
    matched(it, &found->p, packages, xasprintf("model number %s", *model_number(found->p.name, num, sizeof num)
                                                                      ? num
                                                                      : found->p.name));
    if (cores > 0 && found->cores != DLRIG_NA && cores != found->cores)
        it->note = xasprintf("cpuinfo counts %d cores a package, the catalog's %s has %d (cores turned off, or a "
                             "virtual machine)",
                             cores, found->p.name, found->cores);
    if (packages > 1 && found->max_sockets != DLRIG_NA && packages > found->max_sockets) {
        char *t = xasprintf("%s%s%d packages, but the %s goes in at most %d socket%s", it->note ? it->note : "",
                            it->note ? "; " : "", packages, found->p.name, found->max_sockets,
                            found->max_sockets == 1 ? "" : "s");
        set_str(&it->note, t);
    }
}

/* ------------------------------------------------------------ memory */

typedef struct module {
    int size_mb;     /* 0: none installed; -1: unknown */
    int type;        /* SMBIOS memory type: 0x1a DDR4, 0x22 DDR5 */
    int speed;       /* MT/s, 0 unknown */
    bool registered, unbuffered, ecc;
    char pn[65], locator[33], maker[33];
} module;

static const char *mem_type_name(int t)
{
    switch (t) {
    case 0x18: return "DDR3";
    case 0x1a: return "DDR4";
    case 0x22: return "DDR5";
    case 0x1e: return "LPDDR4";
    case 0x23: return "LPDDR5";
    default: return NULL;
    }
}

/* String number idx (1-based) of the string set at strings (up to end), cut
 * to len-1 bytes of printable ASCII and trimmed, into out; "" for 0 or a
 * missing one. */
static void dmi_string(const unsigned char *strings, const unsigned char *end, int idx, char *out, size_t len)
{
    out[0] = '\0';
    if (idx <= 0) return;
    const unsigned char *p = strings;
    for (int i = 1; i < idx && p < end; i++) {
        while (p < end && *p) p++;
        p++;
        if (p >= end || !*p) return; /* the set ended first */
    }
    size_t k = 0;
    for (; p < end && *p && k + 1 < len; p++) out[k++] = (*p >= 0x20 && *p < 0x7f) ? (char)*p : '?';
    out[k] = '\0';
    while (k && out[k - 1] == ' ') out[--k] = '\0';
    size_t lead = strspn(out, " ");
    if (lead) memmove(out, out + lead, strlen(out + lead) + 1);
}

static unsigned le16(const unsigned char *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }
static unsigned long le32(const unsigned char *p)
{
    return (unsigned long)p[0] | (unsigned long)p[1] << 8 | (unsigned long)p[2] << 16 | (unsigned long)p[3] << 24;
}

/* The Memory Device (type 17) records of an SMBIOS structure table (SMBIOS
 * 3.x, DSP0134 section 7.18): each structure is a formatted area of its
 * length, then its strings, ended by two NULs; type 127 ends the table.
 * Returns how many modules were read into m (at most max); a damaged record
 * ends the reading. */
static int parse_dmi(const unsigned char *b, size_t len, module *m, int max)
{
    int n = 0;
    size_t off = 0;
    while (off + 4 <= len && n < max) {
        unsigned type = b[off], slen = b[off + 1];
        if (slen < 4 || off + slen > len) break;
        const unsigned char *f = b + off, *strings = b + off + slen, *end = b + len;
        /* the string set: up to the first double NUL */
        const unsigned char *q = strings;
        while (q + 1 < end && !(q[0] == 0 && q[1] == 0)) q++;
        if (q + 1 >= end) break;
        if (type == 127) break;
        if (type == 17 && slen >= 0x1b) {
            module *d = &m[n];
            memset(d, 0, sizeof *d);
            unsigned size = le16(f + 0x0c);
            if (size == 0xffff) d->size_mb = -1;
            else if (size == 0x7fff && slen >= 0x20) d->size_mb = (int)(le32(f + 0x1c) & 0x7fffffffUL);
            else if (size & 0x8000) d->size_mb = (int)((size & 0x7fff) / 1024); /* in KB */
            else d->size_mb = (int)size;
            unsigned total = le16(f + 0x08), data = le16(f + 0x0a);
            d->ecc = total != 0xffff && data != 0xffff && total > data;
            d->type = f[0x12];
            unsigned detail = le16(f + 0x13);
            d->registered = detail & (1u << 13);
            d->unbuffered = detail & (1u << 14);
            d->speed = (int)le16(f + 0x15);
            if (d->speed == 0xffff && slen >= 0x58) d->speed = (int)le32(f + 0x54);
            dmi_string(strings, q + 1, f[0x10], d->locator, sizeof d->locator);
            dmi_string(strings, q + 1, f[0x17], d->maker, sizeof d->maker);
            dmi_string(strings, q + 1, f[0x1a], d->pn, sizeof d->pn);
            if (d->size_mb != 0) n++;
        }
        off = (size_t)(q + 2 - b);
    }
    return n;
}

/* A size in GB as people say it ("32 GB", "0.5 GB"). */
static const char *gb_text(double mb, char *buf, size_t len)
{
    double gb = mb / 1024.0;
    if (gb == floor(gb)) snprintf(buf, len, "%.0f GB", gb);
    else snprintf(buf, len, "%.1f GB", gb);
    return buf;
}

/* What the installed memory comes to when MemTotal is all there is: the
 * size of equal modules it is nearest (MemTotal is a little under what is
 * installed: the kernel and firmware keep some), else MemTotal itself. */
static const char *installed_text(double kib, char *buf, size_t len)
{
    static const int sizes[] = {4,   8,   12,  16,  24,  32,   48,   64,   96,   128,  192,  256, 384,
                                512, 768, 1024, 1152, 1536, 2048, 3072, 4096, 6144, 8192, 0};
    double gib = kib / (1024.0 * 1024.0);
    for (int i = 0; sizes[i]; i++)
        if (gib <= sizes[i] && gib >= sizes[i] * 0.9) return snprintf(buf, len, "%d GB", sizes[i]), buf;
    snprintf(buf, len, "%.1f GiB", gib);
    return buf;
}

static void module_text(const module *m, int count, strbuf *sb)
{
    char gb[32];
    const char *t = mem_type_name(m->type);
    sb_printf(sb, "%d x %s", count, m->size_mb > 0 ? gb_text(m->size_mb, gb, sizeof gb) : "? GB");
    if (t) sb_printf(sb, " %s", t);
    if (m->speed > 0) sb_printf(sb, "-%d", m->speed);
    sb_printf(sb, " %s", m->registered ? "RDIMM" : m->unbuffered ? "UDIMM" : "module");
    if (m->ecc) sb_append(sb, " ECC");
    if (m->maker[0] && !placeholder(m->maker)) sb_printf(sb, ", %s", m->maker);
    sb_printf(sb, ", part number %s", m->pn[0] && !placeholder(m->pn) ? m->pn : "not given");
}

/* Matches count modules like m (one part number, size, type) to a memory
 * part: whole kits of a catalog kit whose number they carry, of the same
 * size, type and buffering; of several, the kit with the most modules
 * (fewest kits). */
static void match_modules(ctx *c, dlrig_scan_item *it, const module *m, int count)
{
    if (!m->pn[0] || placeholder(m->pn)) {
        it->note = xstrdup("the modules give no part number");
        return;
    }
    size_t n;
    const dlrig_part_number *rows = catalog_part_numbers_like(c->cat, m->pn, DLRIG_MPN_REGION | DLRIG_MPN_RUN_ON, &n);
    const dlrig_memory *best = NULL;
    int best_modules = 0, tie = 0;
    strbuf why = {0};
    for (size_t i = 0; i < n; i++) {
        const dlrig_part *p = catalog_find(c->cat, rows[i].part_id);
        if (!p || p->category != DLRIG_CAT_MEMORY) continue;
        const dlrig_memory *k = (const dlrig_memory *)p;
        int per = k->modules != DLRIG_NA && k->modules > 0 ? k->modules : rows[i].units;
        int module_gb = per > 0 && k->capacity_gb != DLRIG_NA ? k->capacity_gb / per : -1;
        const char *t = mem_type_name(m->type);
        char gb[32];
        if (m->size_mb > 0 && module_gb > 0 && m->size_mb != module_gb * 1024)
            sb_printf(&why, "%s%s has %d GB modules, these are %s", why.len ? "; " : "", p->id, module_gb,
                      gb_text(m->size_mb, gb, sizeof gb));
        else if (t && k->type && strcasecmp(k->type, t))
            sb_printf(&why, "%s%s is %s, these are %s", why.len ? "; " : "", p->id, k->type, t);
        else if (k->registered != DLRIG_NA && (m->registered || m->unbuffered) && (k->registered != 0) != m->registered)
            sb_printf(&why, "%s%s is %s", why.len ? "; " : "", p->id, k->registered ? "registered" : "unbuffered");
        else if (count % per)
            sb_printf(&why, "%sthe catalog sells %s as a kit of %d (%s): %d module%s are not whole kits",
                      why.len ? "; " : "", rows[i].mpn, per, p->id, count, count == 1 ? "" : "s");
        else if (!best || per > best_modules) {
            best = k;
            best_modules = per;
            tie = 0;
        } else if (per == best_modules && &best->p != p) {
            tie++;
        }
    }
    if (best && !tie) {
        matched(it, &best->p, count / best_modules,
                xasprintf("part number %s (%d module%s a kit)", m->pn, best_modules, best_modules == 1 ? "" : "s"));
    } else if (best) {
        it->note = xasprintf("part number %s names several catalog kits of %d modules; none taken", m->pn,
                             best_modules);
    } else if (why.len) {
        it->note = sb_take(&why);
    } else {
        it->note = xasprintf("part number %s is not in the catalog", m->pn);
    }
    sb_free(&why);
}

static void scan_memory(ctx *c)
{
    size_t len;
    char *info = rd(c, "proc/meminfo", MAX_SMALL * 4, &len);
    if (info) {
        char *mt = strstr(info, "MemTotal:");
        if (mt) c->out->mem_total_kib = strtod(mt + 9, NULL);
        free(info);
    }
    c->out->n_modules = -1;
    char *dmi = rd(c, "sys/firmware/dmi/tables/DMI", MAX_DMI, &len);
    int dmi_errno = dmi ? 0 : errno;
    module *mods = NULL;
    int nm = 0;
    if (dmi) {
        mods = xcalloc(MAX_MODULES, sizeof *mods);
        nm = parse_dmi((const unsigned char *)dmi, len, mods, MAX_MODULES);
        free(dmi);
        c->out->n_modules = nm;
    }
    char gb[32];
    if (!nm) {
        dlrig_scan_item *it = new_item(c, DLRIG_SCAN_MEMORY, true);
        it->where = xstrdup(isnan(c->out->mem_total_kib) ? "sys/firmware/dmi/tables/DMI" : "proc/meminfo");
        it->seen = !isnan(c->out->mem_total_kib)
                       ? xasprintf("%s of memory", installed_text(c->out->mem_total_kib, gb, sizeof gb))
                       : xstrdup("memory");
        if (mods)
            it->note = xstrdup("modules not readable (sys/firmware/dmi/tables/DMI lists no memory module)");
        else if (dmi_errno == EACCES || dmi_errno == EPERM)
            it->note = xstrdup("modules not readable (sys/firmware/dmi/tables/DMI: permission denied; run as root)");
        else
            it->note = xasprintf("modules not readable (sys/firmware/dmi/tables/DMI: %s)", file_error(dmi_errno));
        free(mods);
        return;
    }
    /* groups of one part number, size, type and speed, in table order */
    bool *done = xcalloc((size_t)nm, sizeof *done);
    for (int i = 0; i < nm; i++) {
        if (done[i]) continue;
        int count = 0;
        strbuf where = {0};
        for (int j = i; j < nm; j++) {
            if (done[j] || strcmp(mods[j].pn, mods[i].pn) || mods[j].size_mb != mods[i].size_mb ||
                mods[j].type != mods[i].type || mods[j].speed != mods[i].speed)
                continue;
            done[j] = true;
            count++;
            if (mods[j].locator[0] && count <= 8) sb_printf(&where, "%s%s", where.len ? ", " : "", mods[j].locator);
            else if (count == 9) sb_append(&where, ", ...");
        }
        dlrig_scan_item *it = new_item(c, DLRIG_SCAN_MEMORY, true);
        it->where = xstrdup("sys/firmware/dmi/tables/DMI");
        strbuf seen = {0};
        module_text(&mods[i], count, &seen);
        if (where.len) sb_printf(&seen, " (%s)", where.s);
        sb_free(&where);
        it->seen = sb_take(&seen);
        match_modules(c, it, &mods[i], count);
    }
    free(done);
    free(mods);
}

/* ------------------------------------------------------------ board */

static void scan_board(ctx *c)
{
    char *bv = rd_attr(c, "sys/class/dmi/id/board_vendor"), *bn = rd_attr(c, "sys/class/dmi/id/board_name");
    char *sv = rd_attr(c, "sys/class/dmi/id/sys_vendor"), *pn = rd_attr(c, "sys/class/dmi/id/product_name");
    dlrig_scan_item *it = new_item(c, DLRIG_SCAN_BOARD, true);
    it->where = xstrdup("sys/class/dmi/id");
    bool have_board = bn && !placeholder(bn), have_product = pn && !placeholder(pn);
    strbuf seen = {0};
    bool vendor = bv && !placeholder(bv);
    if (have_board) sb_printf(&seen, "board %s%s%s", vendor ? bv : "", vendor ? " " : "", bn);
    if (have_product)
        sb_printf(&seen, "%ssystem %s%s%s", seen.len ? ", " : "", sv && !placeholder(sv) ? sv : "",
                  sv && !placeholder(sv) ? " " : "", pn);
    it->seen = seen.len ? sb_take(&seen) : xstrdup("board");
    sb_free(&seen);
    if (!have_board && !have_product) {
        it->note = xstrdup(bn || pn ? "the firmware gives no board or system name (only placeholders)"
                                    : "no board or system name (sys/class/dmi/id is missing or unreadable)");
        goto out;
    }
    char key[128], ck[128];
    /* a complete server by its system name */
    if (have_product) {
        char *p0 = no_parens(pn);
        name_key(p0, key, sizeof key);
        free(p0);
        size_t n;
        const dlrig_case *cases = catalog_cases(c->cat, &n);
        for (size_t i = 0; i < n && key[0]; i++) {
            if (!cases[i].board) continue;
            char *cn = no_parens(cases[i].p.name);
            name_key(cn, ck, sizeof ck);
            free(cn);
            if (!strcmp(key, ck)) {
                matched(it, &cases[i].p, 1, xasprintf("its system name (a complete server with its board)"));
                goto out;
            }
        }
    }
    if (have_board) {
        char *b0 = no_parens(bn);
        name_key(b0, key, sizeof key);
        free(b0);
        size_t n;
        const dlrig_motherboard *boards = catalog_boards(c->cat, &n);
        const dlrig_motherboard *found = NULL;
        int count = 0;
        for (size_t i = 0; i < n && key[0]; i++) {
            char *cn = no_parens(boards[i].p.name);
            name_key(cn, ck, sizeof ck);
            free(cn);
            if (strcmp(key, ck)) continue;
            if (!found) found = &boards[i];
            count++;
        }
        if (count == 1) {
            matched(it, &found->p, 1, xstrdup("its board name"));
            /* the system board of a complete server the catalog has under another name */
            size_t nc;
            const dlrig_case *cases = catalog_cases(c->cat, &nc);
            for (size_t i = 0; i < nc; i++)
                if (cases[i].board == found) {
                    it->note = xasprintf("the system board of the catalog's %s (%s)%s%s%s", cases[i].p.name,
                                         cases[i].p.id, have_product ? "; the system '" : "",
                                         have_product ? pn : "", have_product ? "' is not in the catalog" : "");
                    break;
                }
            goto out;
        }
        if (count > 1) {
            it->note = xasprintf("the board name %s is several catalog boards; none taken", bn);
            goto out;
        }
    }
    it->note = xasprintf("no catalog board%s is %s%s%s", have_product ? " or server" : "",
                         have_board ? bn : pn, have_board && have_product ? " / " : "",
                         have_board && have_product ? pn : "");
out:
    free(bv);
    free(bn);
    free(sv);
    free(pn);
}

/* ------------------------------------------------------------ pci.ids */

/* pci.ids under the root, else the host's (o->host_pci_ids). */
static void load_pci_ids(ctx *c)
{
    if (c->pci_ids_tried) return;
    c->pci_ids_tried = true;
    static const char *const under_root[] = {"usr/share/misc/pci.ids", "usr/share/hwdata/pci.ids", NULL};
    for (int i = 0; under_root[i] && !c->pci_ids; i++) {
        c->pci_ids = rd(c, under_root[i], MAX_PCI_IDS, &c->pci_ids_len);
        if (c->pci_ids) c->out->pci_ids = xstrdup(under_root[i]);
    }
    for (int i = 0; c->o->host_pci_ids && c->o->host_pci_ids[i] && !c->pci_ids; i++) {
        c->pci_ids = read_file_regular(c->o->host_pci_ids[i], MAX_PCI_IDS, &c->pci_ids_len);
        if (c->pci_ids) c->out->pci_ids = xstrdup(c->o->host_pci_ids[i]);
    }
}

/* The vendor's and the device's names in pci.ids ("NVIDIA Corporation",
 * "GA104 [GeForce RTX 3070]"), or NULL.  Caller frees. */
static char *pci_ids_name(ctx *c, int vendor, int device)
{
    load_pci_ids(c);
    if (!c->pci_ids) return NULL;
    char want[8];
    snprintf(want, sizeof want, "%04x", vendor);
    const char *t = c->pci_ids, *end = t + c->pci_ids_len;
    char vname[128] = "";
    bool in_vendor = false;
    for (const char *line = t; line < end;) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t l = nl ? (size_t)(nl - line) : (size_t)(end - line);
        if (l >= 6 && line[0] != '#' && line[0] != '\t') {
            if (in_vendor) break; /* past the vendor's devices */
            if (!strncmp(line, want, 4) && line[4] == ' ' && line[5] == ' ') {
                in_vendor = true;
                snprintf(vname, sizeof vname, "%.*s", (int)(l - 6), line + 6);
            }
        } else if (in_vendor && l >= 7 && line[0] == '\t' && line[1] != '\t') {
            char d[8];
            snprintf(d, sizeof d, "%04x", device);
            if (!strncmp(line + 1, d, 4) && line[5] == ' ' && line[6] == ' ') {
                char *r = xasprintf("%s %.*s", vname, (int)(l - 7 > 160 ? 160 : l - 7), line + 7);
                for (char *q = r; *q; q++)
                    if ((unsigned char)*q < 0x20 || (unsigned char)*q == 0x7f) *q = ' ';
                if (!utf8_valid(r, strlen(r))) {
                    free(r);
                    return NULL;
                }
                return r;
            }
        }
        line = nl ? nl + 1 : end;
    }
    if (in_vendor && vname[0]) {
        char *r = xasprintf("%s, device %04x", vname, device);
        if (!utf8_valid(r, strlen(r))) {
            free(r);
            return NULL;
        }
        return r;
    }
    return NULL;
}

/* ------------------------------------------------------------ PCI */

int scan_pcie_gen(double gts)
{
    static const double rates[] = {2.5, 5, 8, 16, 32, 64, 128};
    for (int i = 0; i < 7; i++)
        if (fabs(gts - rates[i]) < 0.01) return i + 1;
    return 0;
}

static double rd_gts(const ctx *c, const char *dir, const char *attr)
{
    char *rel = xasprintf("%s/%s", dir, attr);
    char *t = rd_attr(c, rel);
    free(rel);
    double v = t ? strtod(t, NULL) : 0; /* "16.0 GT/s PCIe"; older kernels "8 GT/s" */
    free(t);
    return isfinite(v) && v > 0 && v < 1000 ? v : 0;
}

static int rd_int_attr(const ctx *c, const char *dir, const char *attr)
{
    char *rel = xasprintf("%s/%s", dir, attr);
    char *t = rd_attr(c, rel);
    free(rel);
    int v = t ? atoi(t) : 0;
    free(t);
    return v > 0 && v <= 64 ? v : 0;
}

static long dev_hex(const ctx *c, const char *dir, const char *attr)
{
    char *rel = xasprintf("%s/%s", dir, attr);
    long v = rd_hex(c, rel);
    free(rel);
    return v;
}

static bool pci_address(const char *name)
{
    unsigned dom, bus, dev, fn;
    char tail;
    return strlen(name) == 12 && sscanf(name, "%4x:%2x:%2x.%1x%c", &dom, &bus, &dev, &fn, &tail) == 4;
}

const char *scan_link_text(const dlrig_scan_link *l, char *buf, size_t len)
{
    if (len) buf[0] = '\0';
    if (!l->cur_width && !l->cur_gts) return buf;
    int cg = scan_pcie_gen(l->cur_gts), mg = scan_pcie_gen(l->max_gts);
    strbuf sb = {0};
    if (cg) sb_printf(&sb, "PCIe %d.0", cg);
    else if (l->cur_gts > 0) sb_printf(&sb, "PCIe at %g GT/s", l->cur_gts);
    else sb_append(&sb, "PCIe");
    if (l->cur_width) sb_printf(&sb, " x%d", l->cur_width);
    if (scan_link_narrow(l)) sb_printf(&sb, " (the card takes x%d)", l->max_width);
    if (mg && cg && cg < mg) sb_printf(&sb, ", PCIe %d.0 speed now (cards lower it when idle; PCIe %d.0 card)", cg, mg);
    snprintf(buf, len, "%s", sb.s ? sb.s : "");
    sb_free(&sb);
    return buf;
}

bool scan_link_narrow(const dlrig_scan_link *l) { return l->cur_width && l->max_width && l->cur_width < l->max_width; }

static void read_pci_common(ctx *c, dlrig_scan_item *it, const char *dir, const char *name, long vendor, long device)
{
    snprintf(it->address, sizeof it->address, "%s", name);
    it->where = xstrdup(dir);
    it->vendor = (int)vendor;
    it->device = (int)device;
    long sv = dev_hex(c, dir, "subsystem_vendor"), sd = dev_hex(c, dir, "subsystem_device");
    long rev = dev_hex(c, dir, "revision");
    it->subsys_vendor = sv >= 0 && sv <= 0xffff ? (int)sv : -1;
    it->subsys_device = sd >= 0 && sd <= 0xffff && it->subsys_vendor >= 0 ? (int)sd : -1;
    if (it->subsys_device < 0) it->subsys_vendor = -1;
    it->revision = rev >= 0 && rev <= 0xff ? (int)rev : -1;
    it->link.cur_gts = rd_gts(c, dir, "current_link_speed");
    it->link.max_gts = rd_gts(c, dir, "max_link_speed");
    it->link.cur_width = rd_int_attr(c, dir, "current_link_width");
    it->link.max_width = rd_int_attr(c, dir, "max_link_width");
}

static void ids_text(const dlrig_scan_item *it, strbuf *sb)
{
    sb_printf(sb, "%04x:%04x", it->vendor, it->device);
    if (it->subsys_vendor >= 0) sb_printf(sb, " (subsystem %04x:%04x", it->subsys_vendor, it->subsys_device);
    if (it->revision >= 0) sb_printf(sb, "%s revision %02x", it->subsys_vendor >= 0 ? "," : " (", it->revision);
    if (it->subsys_vendor >= 0 || it->revision >= 0) sb_append(sb, ")");
}

/* The catalog rows a card fits, the most specific ones (a subsystem counts
 * two, a revision one): *n of them, into out (room for max). */
static size_t pci_fits(const ctx *c, const dlrig_scan_item *it, dlrig_category want, const dlrig_part_pci **out,
                       size_t max, size_t *n_rows)
{
    size_t n;
    const dlrig_part_pci *rows = catalog_part_pci(c->cat, it->vendor, it->device, &n);
    size_t k = 0, rows_of_cat = 0;
    int best = -1;
    for (size_t i = 0; i < n; i++) {
        const dlrig_part_pci *r = &rows[i];
        if (r->part->category != want) continue;
        rows_of_cat++;
        if (r->subsys_vendor >= 0 && (r->subsys_vendor != it->subsys_vendor || r->subsys_device != it->subsys_device))
            continue;
        if (r->revision >= 0 && r->revision != it->revision) continue;
        int score = (r->subsys_vendor >= 0) * 2 + (r->revision >= 0);
        if (score > best) {
            best = score;
            k = 0;
        }
        if (score == best && k < max) out[k++] = r;
    }
    *n_rows = rows_of_cat;
    return k;
}

/* How a card was told by its rows ("PCI id 10de:26b1, subsystem 10de:16a1"). */
static char *pci_how(const dlrig_part_pci *r)
{
    strbuf sb = {0};
    sb_printf(&sb, "PCI id %04x:%04x", r->vendor, r->device);
    if (r->subsys_vendor >= 0) sb_printf(&sb, ", subsystem %04x:%04x", r->subsys_vendor, r->subsys_device);
    if (r->revision >= 0) sb_printf(&sb, ", revision %02x", r->revision);
    return sb_take(&sb);
}

/* The unmatched reason of a device no row names: its ids and pci.ids'
 * name. */
static char *unknown_device(ctx *c, dlrig_scan_item *it, const char *what)
{
    if (!it->pci_name) it->pci_name = pci_ids_name(c, it->vendor, it->device);
    strbuf sb = {0};
    sb_printf(&sb, "no catalog %s is vendor %04x device %04x", what, it->vendor, it->device);
    if (it->pci_name) sb_printf(&sb, " (pci.ids: %s)", it->pci_name);
    return sb_take(&sb);
}

static void match_gpu(ctx *c, dlrig_scan_item *it)
{
    const dlrig_part_pci *fit[16];
    size_t n_rows, k = pci_fits(c, it, DLRIG_CAT_GPU, fit, 16, &n_rows);
    it->part = NULL;
    free(it->how);
    it->how = NULL;
    free(it->note);
    it->note = NULL;
    if (!k) {
        if (!n_rows) {
            it->note = unknown_device(c, it, "GPU");
            return;
        }
        strbuf sb = {0};
        sb_printf(&sb, "the catalog knows chip %04x:%04x only as boards of other subsystems or revisions", it->vendor,
                  it->device);
        size_t n;
        const dlrig_part_pci *rows = catalog_part_pci(c->cat, it->vendor, it->device, &n);
        const dlrig_part *last = NULL;
        for (size_t i = 0; i < n; i++)
            if (rows[i].part != last && rows[i].part->category == DLRIG_CAT_GPU) {
                sb_printf(&sb, "%s%s", last ? ", " : " (", rows[i].part->name);
                last = rows[i].part;
            }
        if (last) sb_append(&sb, ")");
        it->note = sb_take(&sb);
        return;
    }
    const dlrig_part *p = fit[0]->part;
    for (size_t i = 1; i < k; i++)
        if (fit[i]->part != p) {
            strbuf sb = {0};
            sb_printf(&sb, "PCI id %04x:%04x is several catalog GPUs (", it->vendor, it->device);
            const dlrig_part *last = NULL;
            for (size_t j = 0; j < k; j++)
                if (fit[j]->part != last) {
                    sb_printf(&sb, "%s%s", last ? ", " : "", fit[j]->part->id);
                    last = fit[j]->part;
                }
            sb_append(&sb, "); none taken");
            it->note = sb_take(&sb);
            return;
        }
    const dlrig_gpu *g = (const dlrig_gpu *)p;
    bool other_memory = false;
    for (size_t i = 0; i < k; i++) other_memory |= fit[i]->other_memory;
    if (!isnan(it->vram_mib)) {
        double gib = it->vram_mib / 1024.0;
        if (fabs(gib - g->vram_gb) > 0.08 * g->vram_gb) {
            it->note = xasprintf("PCI id %04x:%04x is the catalog's %s, which has %g GB, but the card reports %.0f MiB",
                                 it->vendor, it->device, p->name, g->vram_gb, it->vram_mib);
            return;
        }
    } else if (other_memory) {
        it->note = xasprintf("PCI id %04x:%04x is also a card with another memory size than the catalog's %s "
                             "(%g GB); its memory was not read (nvidia-smi)",
                             it->vendor, it->device, p->name, g->vram_gb);
        return;
    }
    matched(it, p, 1, pci_how(fit[0]));
    bool chip_maker = it->subsys_vendor == 0x10de || it->subsys_vendor == 0x1002 || it->subsys_vendor == 0x8086;
    if (fit[0]->subsys_vendor < 0 && it->subsys_vendor >= 0 && !chip_maker)
        it->note = xasprintf("a board of subsystem %04x:%04x (its maker's model is not read): taken as the catalog's "
                             "%s",
                             it->subsys_vendor, it->subsys_device, p->name);
}

/* A network card's part number from its VPD (PCI Local Bus 3.0, 6.4: the
 * "PN" keyword of the read-only resource), into pn; false when none. */
static bool vpd_part_number(const unsigned char *b, size_t len, char *pn, size_t pnlen, char *id, size_t idlen)
{
    size_t off = 0;
    bool found = false;
    pn[0] = id[0] = '\0';
    while (off < len) {
        unsigned tag = b[off];
        if (tag & 0x80) { /* large resource: tag, 16-bit length */
            if (off + 3 > len) break;
            size_t l = le16(b + off + 1), start = off + 3;
            if (start + l > len) break;
            if (tag == 0x82) { /* identifier string */
                size_t k = 0;
                for (size_t i = 0; i < l && k + 1 < idlen; i++) {
                    unsigned char ch = b[start + i];
                    id[k++] = ch >= 0x20 && ch < 0x7f ? (char)ch : ' ';
                }
                while (k && id[k - 1] == ' ') k--;
                id[k] = '\0';
            } else if (tag == 0x90 || tag == 0x91) { /* read-only or read-write fields */
                for (size_t f = start; f + 3 <= start + l;) {
                    size_t fl = b[f + 2];
                    if (f + 3 + fl > start + l) break;
                    if (b[f] == 'P' && b[f + 1] == 'N' && !found) {
                        size_t k = 0;
                        for (size_t i = 0; i < fl && k + 1 < pnlen; i++)
                            if (b[f + 3 + i] > 0x20 && b[f + 3 + i] < 0x7f) pn[k++] = (char)b[f + 3 + i];
                        pn[k] = '\0';
                        found = k > 0;
                    }
                    f += 3 + fl;
                }
            }
            off = start + l;
        } else { /* small resource: the length in its low 3 bits */
            if ((tag & 0x78) == 0x78) break; /* end tag */
            off += 1 + (tag & 7);
        }
    }
    return found;
}

static void match_nic(ctx *c, dlrig_scan_item *it)
{
    const dlrig_part_pci *fit[16];
    size_t n_rows, k = pci_fits(c, it, DLRIG_CAT_NIC, fit, 16, &n_rows);
    if (k) {
        bool one = true;
        for (size_t i = 1; i < k; i++) one = one && fit[i]->part == fit[0]->part;
        if (one) {
            matched(it, fit[0]->part, 1, pci_how(fit[0]));
            return;
        }
    }
    char *rel = xasprintf("%s/vpd", it->where);
    size_t len;
    char *vpd = rd(c, rel, MAX_VPD, &len);
    int e = errno;
    free(rel);
    char pn[64] = "", id[256] = "";
    bool have = vpd && vpd_part_number((const unsigned char *)vpd, len, pn, sizeof pn, id, sizeof id);
    free(vpd);
    if (id[0] && utf8_valid(id, strlen(id))) {
        char *t = xasprintf("%s, \"%s\"", it->seen, id);
        set_str(&it->seen, t);
    }
    if (have) {
        size_t n;
        const dlrig_part_number *rows = catalog_part_numbers_like(c->cat, pn, DLRIG_MPN_REGION, &n);
        const dlrig_part *found = NULL;
        bool several = false;
        for (size_t i = 0; i < n; i++) {
            const dlrig_part *p = catalog_find(c->cat, rows[i].part_id);
            if (!p || p->category != DLRIG_CAT_NIC || rows[i].units != 1) continue;
            if (found && found != p) several = true;
            found = p;
        }
        if (found && !several) {
            matched(it, found, 1, xasprintf("part number %s (its VPD)", pn));
            return;
        }
        it->note = xasprintf("its part number %s (VPD) is %s the catalog", pn, several ? "several cards of" : "not in");
        return;
    }
    char *why = unknown_device(c, it, "network card");
    if (!vpd && (e == EACCES || e == EPERM))
        it->note = xasprintf("%s; its part number is in its VPD, readable as root", why);
    else it->note = xstrdup(why);
    free(why);
}

static bool gpu_vendor(long v) { return v == 0x10de || v == 0x1002 || v == 0x8086; }

static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The entries of a directory under the root (not . and ..), sorted, at most
 * max; NULL when it cannot be read.  Caller frees each and the array. */
static char **list_dir(const ctx *c, const char *rel, size_t max, size_t *n)
{
    char *p = path_of(c, rel);
    DIR *d = opendir(p);
    free(p);
    *n = 0;
    if (!d) return NULL;
    size_t cap = 16;
    char **v = xmalloc(cap * sizeof *v);
    struct dirent *e;
    while ((e = readdir(d)) && *n < max) {
        if (e->d_name[0] == '.') continue;
        if (*n == cap) v = xrealloc(v, (cap *= 2) * sizeof *v);
        v[(*n)++] = xstrdup(e->d_name);
    }
    closedir(d);
    qsort(v, *n, sizeof *v, cmp_names);
    return v;
}

static void free_list(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++) free(v[i]);
    free(v);
}

static void scan_pci(ctx *c, bool nics)
{
    size_t n;
    char **names = list_dir(c, "sys/bus/pci/devices", MAX_PCI_DEVICES, &n);
    char last_slot[16] = ""; /* a card's functions share domain:bus:device */
    for (size_t i = 0; i < n; i++) {
        if (!pci_address(names[i])) continue;
        char *dir = xasprintf("sys/bus/pci/devices/%s", names[i]);
        long cls = dev_hex(c, dir, "class"), vendor = dev_hex(c, dir, "vendor"), device = dev_hex(c, dir, "device");
        /* display and 3D controllers; AMD's Instinct cards may be processing accelerators (12h) */
        bool display = cls >= 0 && ((cls >> 16) == 0x03 || ((cls >> 16) == 0x12 && vendor == 0x1002)) &&
                       gpu_vendor(vendor);
        /* Intel's integrated graphics is always device 2 of bus 0: part of the CPU, no card */
        if (display && vendor == 0x8086 && !strcmp(names[i] + 4, ":00:02.0")) display = false;
        bool network = cls >= 0 && (cls >> 16) == 0x02;
        if (vendor < 0 || vendor > 0xffff || device < 0 || device > 0xffff || (nics ? !network : !display)) {
            free(dir);
            continue;
        }
        if (nics) {
            char *vf = xasprintf("%s/%s/physfn", c->root, dir);
            struct stat st;
            bool virtual_fn = lstat(vf, &st) == 0;
            free(vf);
            if (virtual_fn || !strncmp(names[i], last_slot, 10)) { /* a virtual function, or another port */
                free(dir);
                continue;
            }
            snprintf(last_slot, sizeof last_slot, "%s", names[i]);
        }
        dlrig_scan_item *it = new_item(c, nics ? DLRIG_SCAN_NIC : DLRIG_SCAN_GPU, !nics);
        read_pci_common(c, it, dir, names[i], vendor, device);
        strbuf seen = {0};
        const char *what = nics ? "network card" : (cls >> 8) == 0x0302 ? "3D controller" : "display controller";
        sb_printf(&seen, "%s %s ", what, names[i]);
        ids_text(it, &seen);
        it->seen = sb_take(&seen);
        if (!nics && vendor == 0x1002) { /* amdgpu gives the card's memory */
            char *rel = xasprintf("%s/mem_info_vram_total", dir);
            char *t = rd_attr(c, rel);
            free(rel);
            double bytes = t ? strtod(t, NULL) : NAN;
            free(t);
            if (isfinite(bytes) && bytes > 0) it->vram_mib = bytes / (1024.0 * 1024.0);
        }
        free(dir);
        if (nics) match_nic(c, it);
        else match_gpu(c, it);
    }
    free_list(names, n);
}

/* ------------------------------------------------------------ nvidia-smi */

/* "00000000:01:00.0" (nvidia-smi) as "0000:01:00.0" (sysfs); false when not
 * such an address. */
static bool smi_address(const char *s, char *out, size_t len)
{
    unsigned dom, bus, dev, fn;
    char tail;
    if (sscanf(s, "%8x:%2x:%2x.%1x%c", &dom, &bus, &dev, &fn, &tail) != 4 || dom > 0xffff) return false;
    snprintf(out, len, "%04x:%02x:%02x.%x", dom, bus, dev, fn);
    return true;
}

static double smi_number(const char *s)
{
    while (*s == ' ') s++;
    if (*s == '[' || !*s) return NAN; /* [N/A], [Not Supported] */
    char *end;
    double v = strtod(s, &end);
    return end != s && isfinite(v) && v >= 0 && v < 1e7 ? v : NAN;
}

size_t scan_apply_nvidia_smi(dlrig_scan *s, const char *text, size_t len)
{
    size_t hits = 0;
    const char *end = text + len;
    for (const char *line = text; line < end;) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t l = nl ? (size_t)(nl - line) : (size_t)(end - line);
        char buf[512];
        if (l < sizeof buf) {
            memcpy(buf, line, l);
            buf[l] = '\0';
            char *f[5];
            int nf = 0;
            for (char *save = NULL, *t = strtok_r(buf, ",", &save); t && nf < 5; t = strtok_r(NULL, ",", &save))
                f[nf++] = t;
            char addr[16];
            while (nf == 5 && *f[0] == ' ') f[0]++;
            if (nf == 5 && smi_address(f[0], addr, sizeof addr)) {
                for (size_t i = 0; i < s->n_items; i++) {
                    dlrig_scan_item *it = &s->items[i];
                    if (it->kind != DLRIG_SCAN_GPU || strcasecmp(it->address, addr)) continue;
                    it->vram_mib = smi_number(f[2]);
                    it->power_limit_w = smi_number(f[3]);
                    it->power_max_w = smi_number(f[4]);
                    hits++;
                }
            }
        }
        line = nl ? nl + 1 : end;
    }
    return hits;
}

/* Runs nvidia-smi (from PATH, no shell) with a deadline; its standard output
 * (at most MAX_SMI bytes) or NULL with a reason in why. */
static char *run_nvidia_smi(size_t *len, char *why, size_t whylen)
{
    int fd[2];
    if (pipe(fd) != 0) {
        snprintf(why, whylen, "cannot start nvidia-smi: %s", strerror(errno));
        return NULL;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(why, whylen, "cannot start nvidia-smi: %s", strerror(errno));
        close(fd[0]);
        close(fd[1]);
        return NULL;
    }
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDWR);
        if (devnull >= 0) {
            dup2(devnull, STDIN_FILENO);
            dup2(devnull, STDERR_FILENO);
        }
        dup2(fd[1], STDOUT_FILENO);
        close(fd[0]);
        close(fd[1]);
        char *const argv[] = {"nvidia-smi",
                              "--query-gpu=pci.bus_id,name,memory.total,power.limit,power.max_limit",
                              "--format=csv,noheader,nounits", NULL};
        execvp(argv[0], argv);
        _exit(127);
    }
    close(fd[1]);
    strbuf out = {0};
    bool too_big = false, timed_out = false;
    double deadline = now_seconds() + SMI_TIMEOUT_MS / 1000.0;
    for (;;) {
        int left = (int)((deadline - now_seconds()) * 1000);
        if (left <= 0) {
            timed_out = true;
            break;
        }
        struct pollfd p = {fd[0], POLLIN, 0};
        int r = poll(&p, 1, left);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
            timed_out = r == 0;
            break;
        }
        char chunk[4096];
        ssize_t k = read(fd[0], chunk, sizeof chunk);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) break;
        if (out.len + (size_t)k > MAX_SMI) {
            too_big = true;
            break;
        }
        sb_appendn(&out, chunk, (size_t)k);
    }
    close(fd[0]);
    if (timed_out || too_big) kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (timed_out || too_big || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(why, whylen, "%s",
                 timed_out                                          ? "nvidia-smi gave no answer within 5 seconds"
                 : too_big                                          ? "nvidia-smi wrote more than 64 KiB"
                 : WIFEXITED(status) && WEXITSTATUS(status) == 127 ? "nvidia-smi is not on PATH"
                                                                    : "nvidia-smi failed");
        sb_free(&out);
        return NULL;
    }
    *len = out.len;
    return sb_take(&out);
}

static void read_nvidia(ctx *c)
{
    bool any = false;
    for (size_t i = 0; i < c->out->n_items; i++)
        any |= c->out->items[i].kind == DLRIG_SCAN_GPU && c->out->items[i].vendor == 0x10de;
    if (!any) return;
    size_t len = 0;
    char *text = NULL;
    if (!c->root[0] && c->o->run_nvidia_smi) {
        char why[160];
        text = run_nvidia_smi(&len, why, sizeof why);
        if (text) c->out->nvidia_smi = "nvidia-smi";
        else c->out->nvidia_smi_note = xstrdup(why);
    } else if (c->root[0]) {
        text = rd(c, "nvidia-smi.csv", MAX_SMI, &len);
        if (text) c->out->nvidia_smi = "nvidia-smi.csv";
    }
    if (!text) return;
    if (!utf8_valid(text, len) || !scan_apply_nvidia_smi(c->out, text, len)) {
        if (!c->out->nvidia_smi_note)
            c->out->nvidia_smi_note = xasprintf("%s names none of the GPUs read", c->out->nvidia_smi);
        c->out->nvidia_smi = NULL;
    }
    free(text);
    /* memory read: match again (a card of two memory sizes, a size that differs) */
    for (size_t i = 0; i < c->out->n_items; i++) {
        dlrig_scan_item *it = &c->out->items[i];
        if (it->kind == DLRIG_SCAN_GPU && it->vendor == 0x10de && !isnan(it->vram_mib)) match_gpu(c, it);
    }
}

/* ------------------------------------------------------------ drives */

static bool skip_block(const char *name)
{
    static const char *const prefixes[] = {"loop", "ram", "zram", "dm-", "md", "sr", "nbd", "fd", "mtdblock", NULL};
    for (int i = 0; prefixes[i]; i++)
        if (!strncmp(name, prefixes[i], strlen(prefixes[i]))) return true;
    return false;
}

/* A capacity word ("2TB", "4000GB") in GB, or 0. */
static double capacity_word(const char *w)
{
    char *end;
    double v = strtod(w, &end);
    if (end == w || !isfinite(v) || v <= 0) return 0;
    if (!strcmp(end, "TB")) return v * 1000;
    if (!strcmp(end, "GB")) return v;
    return 0;
}

static bool size_fits(double bytes, int capacity_gb)
{
    return capacity_gb != DLRIG_NA && capacity_gb > 0 && fabs(bytes / 1e9 - capacity_gb) <= 0.1 * capacity_gb;
}

static void match_drive(ctx *c, dlrig_scan_item *it, const char *model, double bytes)
{
    /* by a part number in the model ("CT4000MX500SSD1", "WDS400T2X0E-00BCA0") */
    words mw;
    split_words(model, &mw);
    for (int i = 0; i < mw.n; i++) {
        if (!has_digit(mw.w[i]) || strlen(mw.w[i]) < 6) continue;
        char tok[64];
        snprintf(tok, sizeof tok, "%s", mw.w[i]);
        for (int pass = 0; pass < 2; pass++) {
            if (pass) { /* a maker's suffix after the last '-' (WD's "-00BCA0") */
                char *dash = strrchr(tok, '-');
                if (!dash || dash - tok < 6) break;
                *dash = '\0';
            }
            size_t n;
            const dlrig_part_number *rows = catalog_part_numbers_like(c->cat, tok, DLRIG_MPN_REGION, &n);
            for (size_t r = 0; r < n; r++) {
                const dlrig_part *p = catalog_find(c->cat, rows[r].part_id);
                if (!p || p->category != DLRIG_CAT_STORAGE || rows[r].units != 1) continue;
                if (!size_fits(bytes, ((const dlrig_storage *)p)->capacity_gb)) continue;
                matched(it, p, 1, xasprintf("part number %s and its size", rows[r].mpn));
                return;
            }
        }
    }
    /* by name: every word of the catalog's name is in the model, every word
     * with a digit in the model is in the name (sizes apart), and the size */
    size_t n;
    const dlrig_storage *drives = catalog_storages(c->cat, &n);
    const dlrig_storage *found = NULL;
    bool several = false;
    for (size_t i = 0; i < n; i++) {
        const dlrig_storage *d = &drives[i];
        if (!size_fits(bytes, d->capacity_gb)) continue;
        char *nm = no_parens(d->p.name);
        words cw;
        split_words(nm, &cw);
        free(nm);
        bool ok = cw.n > 0;
        int named = 0;
        for (int k = 0; k < cw.n && ok; k++) {
            if (capacity_word(cw.w[k]) > 0) continue;
            ok = has_word(&mw, cw.w[k]);
            named++;
        }
        for (int k = 0; k < mw.n && ok; k++)
            if (has_digit(mw.w[k]) && !capacity_word(mw.w[k]) && !has_word(&cw, mw.w[k])) ok = false;
        if (!ok || !named) continue;
        if (found) several = true;
        found = d;
    }
    if (found && !several) {
        matched(it, &found->p, 1, xstrdup("its name and size"));
        return;
    }
    it->note = xstrdup(several ? "its name and size fit several catalog drives; none taken"
                               : "no catalog drive has this name (or part number) and size");
}

static void scan_storage(ctx *c)
{
    size_t n;
    char **names = list_dir(c, "sys/block", MAX_BLOCK_DEVICES, &n);
    for (size_t i = 0; i < n; i++) {
        if (skip_block(names[i])) continue;
        char *rel = xasprintf("sys/block/%s/size", names[i]);
        char *t = rd_attr(c, rel);
        free(rel);
        double sectors = t ? strtod(t, NULL) : 0;
        free(t);
        if (!(sectors > 0) || !isfinite(sectors)) continue; /* an empty slot, a card reader */
        double bytes = sectors * 512.0;
        rel = xasprintf("sys/block/%s/queue/rotational", names[i]);
        t = rd_attr(c, rel);
        free(rel);
        bool hdd = t && !strcmp(t, "1");
        free(t);
        rel = xasprintf("sys/block/%s/device/model", names[i]);
        char *model = rd_attr(c, rel);
        free(rel);
        dlrig_scan_item *it = new_item(c, DLRIG_SCAN_STORAGE, false);
        it->where = xasprintf("sys/block/%s", names[i]);
        char size[32];
        if (bytes >= 1e12) snprintf(size, sizeof size, "%.2f TB", bytes / 1e12);
        else snprintf(size, sizeof size, "%.0f GB", bytes / 1e9);
        it->seen = xasprintf("%s: %s, %s %s", names[i], model ? model : "(no model given)", size,
                             !strncmp(names[i], "nvme", 4) ? "NVMe SSD" : hdd ? "hard disk" : "SSD");
        if (!model) it->note = xstrdup("the drive gives no model name (a virtual disk?)");
        else match_drive(c, it, model, bytes);
        free(model);
    }
    free_list(names, n);
}

/* ------------------------------------------------------------ the scan */

int scan_machine(const dlrig_catalog *cat, const dlrig_scan_options *o, dlrig_scan *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->mem_total_kib = NAN;
    out->n_modules = -1;
    static const dlrig_scan_options none = {0};
    if (!o) o = &none;
    char *root = xstrdup(o->root && *o->root ? o->root : "/");
    size_t rl = strlen(root);
    while (rl > 1 && root[rl - 1] == '/') root[--rl] = '\0';
    struct stat st;
    if (stat(root, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: cannot read: %s", root, stat(root, &st) != 0 ? strerror(errno) : "not a directory");
        free(root);
        return DLRIG_SCAN_EROOT;
    }
    ctx c = {.cat = cat, .o = o, .out = out, .root = strcmp(root, "/") ? root : ""};
    char *pc = path_of(&c, "proc/cpuinfo"), *pm = path_of(&c, "proc/meminfo"), *ps = path_of(&c, "sys");
    bool machine = access(pc, F_OK) == 0 || access(pm, F_OK) == 0 || access(ps, F_OK) == 0;
    free(pc);
    free(pm);
    free(ps);
    if (!machine) {
        snprintf(err, errlen, "%s: holds none of proc/cpuinfo, proc/meminfo and sys/ (not the root of a machine)",
                 root);
        free(root);
        return DLRIG_SCAN_EROOT;
    }
    scan_cpu(&c);
    scan_board(&c);
    scan_memory(&c);
    scan_pci(&c, false);
    read_nvidia(&c);
    scan_storage(&c);
    scan_pci(&c, true);
    for (size_t i = 0; i < out->n_items; i++) {
        const dlrig_scan_item *it = &out->items[i];
        if (it->main) it->part ? out->n_matched++ : out->n_unmatched++;
        else if (!it->part) out->n_other_unmatched++;
    }
    free(c.pci_ids);
    free(root);
    return DLRIG_SCAN_OK;
}

void scan_to_build(const dlrig_scan *s, dlrig_build *b)
{
    const dlrig_case *server = NULL;
    for (size_t i = 0; i < s->n_items; i++)
        if (s->items[i].part && s->items[i].part->category == DLRIG_CAT_CASE)
            server = (const dlrig_case *)s->items[i].part;
    for (size_t i = 0; i < s->n_items; i++) {
        const dlrig_scan_item *it = &s->items[i];
        if (!it->part || it->qty <= 0) continue;
        if (server && server->board && &server->board->p == it->part) continue; /* the server brings it */
        build_add(b, it->part, it->qty);
    }
    /* power limits: a GPU line whose every card is limited below its rating */
    for (size_t k = 0; k < b->n_items; k++) {
        dlrig_item *line = &b->items[k];
        if (line->part->category != DLRIG_CAT_GPU) continue;
        const dlrig_gpu *g = (const dlrig_gpu *)line->part;
        double top = 0;
        bool all = true;
        for (size_t i = 0; i < s->n_items; i++) {
            const dlrig_scan_item *it = &s->items[i];
            if (it->part != line->part) continue;
            if (isnan(it->power_limit_w) || g->tdp_w == DLRIG_NA || it->power_limit_w >= g->tdp_w - 0.5) all = false;
            else if (it->power_limit_w > top) top = it->power_limit_w;
        }
        if (all && top >= 1) line->power_limit_w = (int)lround(top);
    }
    for (size_t k = 0; k < b->n_items; k++) b->items[k].owned = true;
}

void scan_free(dlrig_scan *s)
{
    for (size_t i = 0; i < s->n_items; i++) {
        free(s->items[i].seen);
        free(s->items[i].where);
        free(s->items[i].how);
        free(s->items[i].note);
        free(s->items[i].pci_name);
    }
    free(s->items);
    free(s->nvidia_smi_note);
    free(s->pci_ids);
    memset(s, 0, sizeof *s);
}
