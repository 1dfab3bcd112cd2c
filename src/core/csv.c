#include "dlrig/csv.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dlrig/util.h"

void csv_init(csv_reader *r, const char *text, size_t len)
{
    memset(r, 0, sizeof *r);
    r->p = text;
    r->end = text + len;
    r->line = 1;
    r->delim = ',';
}

void csv_set_delimiter(csv_reader *r, char delim)
{
    r->delim = delim;
}

char csv_sniff_delimiter(const char *text, size_t len)
{
    static const char cand[] = {',', ';', '\t'};
    size_t count[3] = {0, 0, 0};
    const char *p = text, *end = text + len;
    bool quoted = false, any = false;
    for (; p < end; p++) {
        if (*p == '"') quoted = !quoted;
        else if (!quoted && *p == '\n') {
            if (any) break;
            continue; /* a blank line before the header */
        } else if (!quoted && *p != '\r' && *p != ' ') {
            any = true;
            for (int k = 0; k < 3; k++)
                if (*p == cand[k]) count[k]++;
        }
    }
    int best = 0;
    for (int k = 1; k < 3; k++)
        if (count[k] > count[best]) best = k;
    return cand[best];
}

void csv_free(csv_reader *r)
{
    free(r->buf);
    r->buf = NULL;
    r->cap = 0;
}

int csv_next(csv_reader *r, csv_record *rec)
{
    memset(rec, 0, sizeof *rec);
    if (r->p >= r->end) return 0;
    /* The record cannot be longer than the rest of the input. */
    size_t need = (size_t)(r->end - r->p) + CSV_MAX_FIELDS + 1;
    if (need > r->cap) {
        r->buf = xrealloc(r->buf, need);
        r->cap = need;
    }
    char *out = r->buf;
    rec->line = r->line;
    rec->fields[rec->n++] = out;
    bool quoted = false, was_quoted = false;
    while (r->p < r->end) {
        char ch = *r->p;
        if (quoted) {
            if (ch == '"') {
                if (r->p + 1 < r->end && r->p[1] == '"') {
                    *out++ = '"';
                    r->p += 2;
                    continue;
                }
                quoted = false;
                r->p++;
                continue;
            }
            if (ch == '\n') r->line++;
            *out++ = ch;
            r->p++;
            continue;
        }
        if (ch == '"') {
            if (out != rec->fields[rec->n - 1] || was_quoted) goto bad; /* quote inside an unquoted field */
            quoted = was_quoted = true;
            r->p++;
            continue;
        }
        if (ch == r->delim) {
            *out++ = '\0';
            if (rec->n == CSV_MAX_FIELDS) goto bad;
            rec->fields[rec->n++] = out;
            was_quoted = false;
            r->p++;
            continue;
        }
        if (ch == '\r' && r->p + 1 < r->end && r->p[1] == '\n') r->p++;
        if (*r->p == '\n') {
            r->p++;
            r->line++;
            break;
        }
        if (was_quoted) goto bad; /* text after a closing quote */
        *out++ = ch;
        r->p++;
    }
    if (quoted) goto bad;
    *out = '\0';
    return 1;
bad:
    /* Skip to the end of the physical line so the caller can go on. */
    while (r->p < r->end && *r->p != '\n') r->p++;
    if (r->p < r->end) {
        r->p++;
        r->line++;
    }
    *out = '\0';
    return -1;
}
