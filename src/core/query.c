#include "dlrig/query.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/util.h"

typedef struct sort_ctx {
    const dlrig_field *field; /* NULL: by id */
    int sign;
} sort_ctx;

static sort_ctx g_sort; /* qsort has no context argument in C11; set just before the call */

/* The date of the price dlrig uses for a new part (a dated offer or price
 * list may be newer than the part's row), or NULL when unpriced or undated. */
static const char *shown_price_date(const dlrig_part *p)
{
    return price_known(&p->new_price) ? p->new_price.date : NULL;
}

static int cmp_parts(const void *a, const void *b)
{
    const dlrig_part *pa = *(const dlrig_part *const *)a, *pb = *(const dlrig_part *const *)b;
    const dlrig_field *f = g_sort.field;
    int r = 0;
    if (f) {
        if (strcmp(f->name, "price_date") == 0) {
            const char *sa = shown_price_date(pa), *sb = shown_price_date(pb);
            if (!sa || !sb) return sa == sb ? strcmp(pa->id, pb->id) : (sa == NULL) - (sb == NULL); /* unknown last */
            r = strncmp(sa, sb, 7);
        } else if (f->kind == DLRIG_F_STR || f->kind == DLRIG_F_LIST) {
            const char *sa = part_field_str(pa, f), *sb = part_field_str(pb, f);
            if (!sa || !sb) return (sa == NULL) - (sb == NULL); /* unknown last */
            r = strcmp(sa, sb);
        } else {
            double da = part_field_num(pa, f), db = part_field_num(pb, f);
            if (isnan(da) || isnan(db)) return isnan(da) - isnan(db);
            r = (da > db) - (da < db);
        }
        r *= g_sort.sign;
    }
    return r ? r : strcmp(pa->id, pb->id);
}

bool part_unpriced(const dlrig_catalog *cat, const dlrig_part *p)
{
    if (!isnan(p->price_usd) && p->price_usd > 0) return false;
    if (p->category == DLRIG_CAT_MOTHERBOARD) {
        size_t n;
        const dlrig_case *cs = catalog_cases(cat, &n);
        for (size_t i = 0; i < n; i++)
            if (cs[i].board == (const dlrig_motherboard *)p) return false;
    }
    return true;
}

size_t catalog_unpriced_count(const dlrig_catalog *cat)
{
    size_t k = 0;
    for (int c = 0; c < DLRIG_CAT_COUNT; c++) {
        size_t n = catalog_count(cat, (dlrig_category)c);
        for (size_t i = 0; i < n; i++)
            if (part_unpriced(cat, catalog_part_at(cat, (dlrig_category)c, i))) k++;
    }
    return k;
}

int catalog_query(const dlrig_catalog *cat, const dlrig_query *q, const dlrig_part ***out, size_t *n, char *err,
                  size_t errlen)
{
    const dlrig_field *f = NULL;
    if (q->sort) {
        if (q->category >= 0) {
            f = category_field((dlrig_category)q->category, q->sort);
        } else {
            size_t nc;
            const dlrig_field *common = part_fields(&nc);
            for (size_t i = 0; i < nc; i++)
                if (strcmp(common[i].name, q->sort) == 0) f = &common[i];
        }
        if (!f) {
            strbuf b = {0};
            sb_printf(&b, "unknown sort field '%s'; valid fields%s%s: ", q->sort,
                      q->category >= 0 ? " for " : " for all categories",
                      q->category >= 0 ? category_name((dlrig_category)q->category) : "");
            size_t nc;
            const dlrig_field *common = part_fields(&nc);
            for (size_t i = 0; i < nc; i++) sb_printf(&b, "%s%s", i ? ", " : "", common[i].name);
            if (q->category >= 0) {
                const dlrig_field *spec = category_fields((dlrig_category)q->category, &nc);
                for (size_t i = 0; i < nc; i++) sb_printf(&b, ", %s", spec[i].name);
            }
            snprintf(err, errlen, "%s", b.s);
            sb_free(&b);
            return -1;
        }
    }
    size_t total = 0;
    for (int c = 0; c < DLRIG_CAT_COUNT; c++)
        if (q->category < 0 || q->category == c) total += catalog_count(cat, (dlrig_category)c);
    const dlrig_part **v = xcalloc(total + 1, sizeof *v);
    size_t k = 0;
    for (int c = 0; c < DLRIG_CAT_COUNT; c++) {
        if (q->category >= 0 && q->category != c) continue;
        size_t got = catalog_filter(cat, (dlrig_category)c, q->filter, v + k);
        if (q->unpriced) { /* keep only the parts without a usable price */
            size_t kept = 0;
            for (size_t i = 0; i < got; i++)
                if (part_unpriced(cat, v[k + i])) v[k + kept++] = v[k + i];
            got = kept;
        }
        if (q->old_prices) { /* keep only the priced parts whose price is old or undated */
            char today[8];
            price_today(today);
            size_t kept = 0;
            for (size_t i = 0; i < got; i++) {
                const dlrig_part *p = v[k + i];
                if (!price_known(&p->new_price)) continue;
                int age = price_age_months(p->new_price.date, today);
                if (age < 0 || age > q->older_than) v[k + kept++] = p;
            }
            got = kept;
        }
        k += got;
    }
    g_sort.field = f;
    g_sort.sign = q->descending ? -1 : 1;
    /* Without a sort field the parts stay grouped by category, each in id order. */
    if (f) qsort(v, k, sizeof *v, cmp_parts);
    *out = v;
    *n = k;
    return 0;
}

static void add_field(cJSON *o, const dlrig_part *p, const dlrig_field *f)
{
    switch (f->kind) {
    case DLRIG_F_STR: {
        const char *s = part_field_str(p, f);
        if (s) cJSON_AddStringToObject(o, f->name, s);
        else cJSON_AddNullToObject(o, f->name);
        break;
    }
    case DLRIG_F_LIST: {
        const char *s = part_field_str(p, f);
        if (!s) {
            cJSON_AddNullToObject(o, f->name);
            break;
        }
        cJSON *arr = cJSON_AddArrayToObject(o, f->name);
        const char *q = s;
        while (*q) {
            while (*q == ' ' || *q == ',') q++;
            const char *e = q;
            while (*e && *e != ',') e++;
            const char *t = e;
            while (t > q && t[-1] == ' ') t--;
            if (t > q) {
                char *item = xmalloc((size_t)(t - q) + 1);
                memcpy(item, q, (size_t)(t - q));
                item[t - q] = '\0';
                cJSON_AddItemToArray(arr, cJSON_CreateString(item));
                free(item);
            }
            q = e;
        }
        break;
    }
    case DLRIG_F_BOOL: cJSON_AddBoolToObject(o, f->name, part_field_num(p, f) != 0); break;
    case DLRIG_F_REAL:
    case DLRIG_F_INT: {
        double d = part_field_num(p, f);
        if (isnan(d)) cJSON_AddNullToObject(o, f->name);
        else cJSON_AddNumberToObject(o, f->name, d);
        break;
    }
    }
}

static const char *attach_name(dlrig_attach a)
{
    return a == DLRIG_ATTACH_CPU1 ? "cpu1" : a == DLRIG_ATTACH_CPU2 ? "cpu2" : "chipset";
}

/* n, or null where the catalog does not know it (0) */
static void add_known_int(cJSON *o, const char *key, int n)
{
    if (n > 0) cJSON_AddNumberToObject(o, key, n);
    else cJSON_AddNullToObject(o, key);
}

const char *m2_link_format(const dlrig_m2 *m, char *buf, size_t len)
{
    if (m->pcie_gen > 0 && m->lanes > 0) snprintf(buf, len, "PCIe %d.0 x%d", m->pcie_gen, m->lanes);
    else if (m->pcie_gen > 0) snprintf(buf, len, "PCIe %d.0, lanes not in the catalog", m->pcie_gen);
    else if (m->lanes > 0) snprintf(buf, len, "x%d, PCIe generation not in the catalog", m->lanes);
    else snprintf(buf, len, "link not in the catalog");
    return buf;
}

cJSON *part_to_json(const dlrig_part *p)
{
    cJSON *o = cJSON_CreateObject();
    size_t n;
    const dlrig_field *common = part_fields(&n);
    add_field(o, p, &common[0]); /* id first, then the category, then the rest */
    cJSON_AddStringToObject(o, "category", category_name(p->category));
    for (size_t i = 1; i < n; i++) add_field(o, p, &common[i]);
    /* price_usd is the price the policy picked (price.h): its date and market
     * go with it, not the catalog row's date */
    const dlrig_price *pr = &p->new_price;
    cJSON_ReplaceItemInObjectCaseSensitive(o, "price_date", pr->date && price_known(pr) ? cJSON_CreateString(pr->date)
                                                                                          : cJSON_CreateNull());
    if (price_known(pr) && pr->market) cJSON_AddStringToObject(o, "price_market", pr->market);
    if (price_known(pr) && pr->source) cJSON_AddStringToObject(o, "price_source", pr->source);
    if (part_price_vendor(p)) {
        cJSON_AddStringToObject(o, "price_vendor", part_price_vendor(p));
        if (isnan(p->catalog_price_usd)) cJSON_AddNullToObject(o, "catalog_price_usd");
        else cJSON_AddNumberToObject(o, "catalog_price_usd", p->catalog_price_usd);
    }
    const dlrig_field *spec = category_fields(p->category, &n);
    for (size_t i = 0; i < n; i++) add_field(o, p, &spec[i]);

    if (p->category == DLRIG_CAT_MOTHERBOARD) {
        const dlrig_motherboard *b = (const dlrig_motherboard *)p;
        cJSON *slots = cJSON_AddArrayToObject(o, "pcie_slots");
        for (size_t i = 0; i < b->n_slots; i++) {
            cJSON *s = cJSON_CreateObject();
            cJSON_AddNumberToObject(s, "position", b->slots[i].position);
            cJSON_AddNumberToObject(s, "physical_width", b->slots[i].physical_width);
            cJSON_AddNumberToObject(s, "electrical_width", b->slots[i].electrical_width);
            cJSON_AddNumberToObject(s, "pcie_gen", b->slots[i].pcie_gen);
            cJSON_AddStringToObject(s, "attached_to", attach_name(b->slots[i].attached_to));
            if (b->slots[i].note) cJSON_AddStringToObject(s, "note", b->slots[i].note);
            cJSON_AddItemToArray(slots, s);
        }
        cJSON *m2 = cJSON_AddArrayToObject(o, "m2");
        for (size_t i = 0; i < b->n_m2; i++) {
            cJSON *s = cJSON_CreateObject();
            cJSON_AddNumberToObject(s, "index", b->m2[i].idx);
            add_known_int(s, "pcie_gen", b->m2[i].pcie_gen);
            add_known_int(s, "lanes", b->m2[i].lanes);
            if (b->m2[i].attached_to == DLRIG_ATTACH_UNKNOWN) cJSON_AddNullToObject(s, "attached_to");
            else cJSON_AddStringToObject(s, "attached_to", attach_name(b->m2[i].attached_to));
            cJSON_AddItemToArray(m2, s);
        }
        cJSON *sh = cJSON_AddArrayToObject(o, "lane_sharing");
        for (size_t i = 0; i < b->n_shares; i++) {
            cJSON *s = cJSON_CreateObject();
            cJSON_AddNumberToObject(s, "slot_position", b->shares[i].slot_position);
            cJSON_AddStringToObject(s, "when", b->shares[i].trigger_m2 ? "m2" : "slot");
            cJSON_AddNumberToObject(s, "index", b->shares[i].trigger_index);
            cJSON_AddNumberToObject(s, "width", b->shares[i].width_when);
            cJSON_AddItemToArray(sh, s);
        }
    } else if (p->category == DLRIG_CAT_NVLINK_BRIDGE) {
        const dlrig_nvlink_bridge *br = (const dlrig_nvlink_bridge *)p;
        cJSON *fits = cJSON_AddArrayToObject(o, "fits");
        for (size_t i = 0; i < br->n_fits; i++) cJSON_AddItemToArray(fits, cJSON_CreateString(br->fits[i]->p.id));
    }
    return o;
}

const char *part_field_format(const dlrig_part *p, const dlrig_field *f, char *buf, size_t len)
{
    if (strcmp(f->name, "price_date") == 0) { /* the shown price's own date */
        const dlrig_price *pr = &p->new_price;
        snprintf(buf, len, "%s", price_known(pr) && pr->date ? pr->date : "-");
        return buf;
    }
    if (f->kind == DLRIG_F_STR || f->kind == DLRIG_F_LIST) {
        const char *s = part_field_str(p, f);
        snprintf(buf, len, "%s", s ? s : "-");
        return buf;
    }
    double d = part_field_num(p, f);
    if (f->kind == DLRIG_F_BOOL) snprintf(buf, len, "%s", d != 0 ? "yes" : "no");
    else if (isnan(d)) snprintf(buf, len, "-");
    else if (strstr(f->name, "price")) format_usd(d, buf, len);
    else if (f->kind == DLRIG_F_INT) snprintf(buf, len, "%d", (int)d);
    else snprintf(buf, len, "%.4g", d);
    return buf;
}

void part_sheet(const dlrig_catalog *cat, const dlrig_part *p, dlrig_sheet_fn fn, void *ctx)
{
    char buf[4096]; /* the longest notes run past a thousand characters */
    size_t n;
    const dlrig_field *common = part_fields(&n);
    for (size_t i = 0; i < n; i++) {
        if (strcmp(common[i].name, "name") == 0) continue;
        part_field_format(p, &common[i], buf, sizeof buf);
        if (strcmp(common[i].name, "price_date") == 0 && price_known(&p->new_price) && p->new_price.date &&
            p->new_price.market) { /* where the price shown above was seen */
            size_t k = strlen(buf);
            snprintf(buf + k, sizeof buf - k, " (%s)", p->new_price.market);
        }
        fn(ctx, DLRIG_SHEET_FIELD, common[i].name, buf);
        if (strcmp(common[i].name, "source") == 0) {
            const dlrig_source *s = catalog_source(cat, p->source);
            if (s && s->title) fn(ctx, DLRIG_SHEET_DETAIL, "", s->title);
            if (s && s->url) fn(ctx, DLRIG_SHEET_DETAIL, "", s->url);
        }
    }
    const dlrig_field *spec = category_fields(p->category, &n);
    for (size_t i = 0; i < n; i++) fn(ctx, DLRIG_SHEET_FIELD, spec[i].name, part_field_format(p, &spec[i], buf, sizeof buf));
    if (part_price_vendor(p)) {
        char usd[48];
        snprintf(buf, sizeof buf, "price from %s's list (catalog price %s)", part_price_vendor(p),
                 format_usd(p->catalog_price_usd, usd, sizeof usd));
        fn(ctx, DLRIG_SHEET_NOTE, "price override", buf);
    }
}

const char *const *category_list_columns(dlrig_category c)
{
    static const char *const gpu[] = {"id", "name", "vram_gb", "bandwidth_gbs", "fp16_tensor_tflops", "fp32_tflops",
                                      "tdp_w", "slots", "cooler", "nvlink", "ecc", "price_usd", NULL};
    static const char *const cpu[] = {"id", "name", "socket", "cores", "pcie_lanes", "memory_type",
                                      "memory_channels", "ecc", "tdp_w", "price_usd", NULL};
    static const char *const board[] = {"id", "name", "socket", "form_factor", "memory_type", "memory_slots",
                                        "expansion_positions", "m2_slots", "price_usd", NULL};
    static const char *const mem[] = {"id", "name", "type", "capacity_gb", "modules", "speed_mts", "ecc",
                                      "registered", "price_usd", NULL};
    static const char *const sto[] = {"id", "name", "kind", "capacity_gb", "pcie_gen", "seq_read_mbs", "price_usd",
                                      NULL};
    static const char *const psu[] = {"id", "name", "watts", "watts_115v", "efficiency", "pcie_8pin", "hpwr",
                                      "price_usd", NULL};
    static const char *const cas[] = {"id", "name", "kind", "form_factors", "max_gpu_length_mm", "expansion_slots",
                                      "max_gpus", "noise", "price_usd", NULL};
    static const char *const cool[] = {"id", "name", "kind", "height_mm", "sockets", "price_usd", NULL};
    static const char *const nic[] = {"id", "name", "protocol", "speed_gbps", "ports", "rdma", "price_usd", NULL};
    static const char *const br[] = {"id", "name", "generation", "slot_spacing", "per_pair", "price_usd", NULL};
    static const char *const sw[] = {"id", "name", "protocol", "speed_gbps", "ports", "rack_units", "price_usd",
                                     NULL};
    static const char *const all[] = {"id", "vendor", "name", "price_usd", NULL};
    switch (c) {
    case DLRIG_CAT_GPU: return gpu;
    case DLRIG_CAT_CPU: return cpu;
    case DLRIG_CAT_MOTHERBOARD: return board;
    case DLRIG_CAT_MEMORY: return mem;
    case DLRIG_CAT_STORAGE: return sto;
    case DLRIG_CAT_PSU: return psu;
    case DLRIG_CAT_CASE: return cas;
    case DLRIG_CAT_COOLER: return cool;
    case DLRIG_CAT_NIC: return nic;
    case DLRIG_CAT_NVLINK_BRIDGE: return br;
    case DLRIG_CAT_SWITCH: return sw;
    default: return all;
    }
}

const char *field_label(const char *name)
{
    static const struct { const char *name, *label; } labels[] = {
        {"id", "ID"}, {"name", "Name"}, {"vendor", "Vendor"}, {"price_usd", "Price"}, {"price_date", "Priced"},
        {"category", "Category"},
        {"vram_gb", "VRAM GB"}, {"bandwidth_gbs", "GB/s"}, {"fp16_tensor_tflops", "FP16T TF"},
        {"fp32_tflops", "FP32 TF"}, {"fp64_tflops", "FP64 TF"}, {"tdp_w", "TDP W"}, {"slots", "Slots"},
        {"cooler", "Cooler"}, {"nvlink", "NVLink"}, {"ecc", "ECC"}, {"socket", "Socket"}, {"cores", "Cores"},
        {"pcie_lanes", "Lanes"}, {"memory_type", "Memory"}, {"memory_channels", "Ch"},
        {"form_factor", "Form"}, {"memory_slots", "DIMMs"}, {"expansion_positions", "Positions"},
        {"m2_slots", "M.2"}, {"type", "Type"}, {"capacity_gb", "GB"}, {"modules", "Mods"},
        {"speed_mts", "MT/s"}, {"registered", "RDIMM"}, {"kind", "Kind"}, {"pcie_gen", "Gen"},
        {"seq_read_mbs", "Read MB/s"}, {"watts", "Watts"}, {"watts_115v", "W @115V"},
        {"efficiency", "Efficiency"}, {"pcie_8pin", "8-pin"}, {"hpwr", "12V-2x6"},
        {"form_factors", "Boards"}, {"max_gpu_length_mm", "GPU mm"}, {"expansion_slots", "Slots"},
        {"max_gpus", "GPUs"}, {"noise", "Noise"}, {"height_mm", "Height"}, {"sockets", "Sockets"},
        {"protocol", "Protocol"}, {"speed_gbps", "Gb/s"}, {"ports", "Ports"}, {"rdma", "RDMA"},
        {"generation", "Gen"}, {"slot_spacing", "Spacing"}, {"per_pair", "Per pair"}, {"rack_units", "U"},
    };
    for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
        if (strcmp(labels[i].name, name) == 0) return labels[i].label;
    return name;
}
