/* format.c — numbers and money for people (see format.h). */
#include "dlrig/format.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define SATURATED "999,999,999,999,999"

/* Appends the digit string digits to out at *k with a comma every three
 * digits from the right.  out has room for strlen(digits) * 4 / 3 + 1 more. */
static void put_grouped(char *out, size_t *k, const char *digits, size_t nd)
{
    for (size_t i = 0; i < nd; i++) {
        if (i && (nd - i) % 3 == 0) out[(*k)++] = ',';
        out[(*k)++] = digits[i];
    }
    out[*k] = '\0';
}

const char *format_number(double v, int decimals, char *buf, size_t len)
{
    if (isnan(v)) {
        snprintf(buf, len, "-");
        return buf;
    }
    if (!(fabs(v) < 1e15)) {
        snprintf(buf, len, "%s" SATURATED, v < 0 ? "over -" : "over ");
        return buf;
    }
    if (decimals < 0) decimals = 0;
    if (decimals > 9) decimals = 9;
    char raw[40]; /* at most 15 integer digits, a dot and 9 decimals */
    snprintf(raw, sizeof raw, "%.*f", decimals, fabs(v));
    const char *dot = strchr(raw, '.');
    size_t nint = dot ? (size_t)(dot - raw) : strlen(raw), k = 0;
    char out[64];
    if (v < 0 && strspn(raw, "0.") != strlen(raw)) out[k++] = '-';
    put_grouped(out, &k, raw, nint);
    snprintf(buf, len, "%s%s", out, dot ? dot : "");
    return buf;
}

const char *format_thousands(double x, char *buf, size_t len)
{
    if (isnan(x) || !(fabs(x) < 1e15)) return format_number(x, 0, buf, len);
    return format_number((double)llround(x), 0, buf, len); /* half away from zero, unlike printf */
}

const char *format_usd(double usd, char *buf, size_t len)
{
    char n[48];
    format_thousands(fabs(usd), n, sizeof n);
    if (isnan(usd)) snprintf(buf, len, "-");
    else if (!strncmp(n, "over ", 5)) snprintf(buf, len, "over %s$%s", usd < 0 ? "-" : "", n + 5);
    else snprintf(buf, len, "%s$%s", usd < 0 && llround(usd) != 0 ? "-" : "", n);
    return buf;
}

const char *format_price_change(double usd, bool complete, char *buf, size_t len)
{
    char n[48];
    if (isnan(usd)) snprintf(buf, len, "price change unknown");
    else if (fabs(usd) < 0.5) snprintf(buf, len, "no price change");
    else snprintf(buf, len, "%s%s", usd > 0 ? "+" : "", format_usd(usd, n, sizeof n));
    if (!complete && !isnan(usd)) {
        size_t k = strlen(buf);
        snprintf(buf + k, len - k, ", not counting a part without a price");
    }
    return buf;
}

const char *format_cents(long long cents, bool show_cents, char *buf, size_t len)
{
    bool over = cents >= DLRIG_MONEY_CAP_CENTS || cents <= -DLRIG_MONEY_CAP_CENTS;
    if (over) cents = cents < 0 ? -DLRIG_MONEY_CAP_CENTS : DLRIG_MONEY_CAP_CENTS;
    unsigned long long v = cents < 0 ? (unsigned long long)(-(cents + 1)) + 1 : (unsigned long long)cents;
    char digits[32];
    snprintf(digits, sizeof digits, "%llu", v / 100);
    char out[64];
    size_t k = 0;
    if (over) {
        memcpy(out, "over ", 5);
        k = 5;
    }
    if (cents < 0) out[k++] = '-';
    out[k++] = '$';
    put_grouped(out, &k, digits, strlen(digits));
    if (over) snprintf(buf, len, "%s", out);
    else if (show_cents || v % 100) snprintf(buf, len, "%s.%02llu", out, v % 100);
    else snprintf(buf, len, "%s", out);
    return buf;
}

const char *format_speed(double v, const char *unit, char *buf, size_t len)
{
    char num[48];
    if (isnan(v) || v < 0) snprintf(num, sizeof num, "-");
    else if (v >= 100 || v == 0) format_number(v, 0, num, sizeof num);
    else if (v >= 1) format_number(v, 1, num, sizeof num);
    else {
        int dec = (int)ceil(-log10(v)) + 1; /* two significant digits */
        format_number(v, dec > 9 ? 9 : dec, num, sizeof num);
    }
    if (unit && *unit && strcmp(num, "-") != 0) snprintf(buf, len, "%s %s", num, unit);
    else snprintf(buf, len, "%s", num);
    return buf;
}

const char *format_hours(double h, char *buf, size_t len)
{
    char n[48];
    if (isnan(h) || h < 0) snprintf(buf, len, "-");
    else if (h < 1) snprintf(buf, len, "%s min", format_number(h * 60 < 1 ? 1 : h * 60, 0, n, sizeof n));
    else if (h < 10) snprintf(buf, len, "%s h", format_number(h, 1, n, sizeof n));
    else if (h < 48) snprintf(buf, len, "%s h", format_number(h, 0, n, sizeof n));
    else if (h < 240) snprintf(buf, len, "%s days", format_number(h / 24, 1, n, sizeof n));
    else snprintf(buf, len, "%s days", format_number(h / 24, 0, n, sizeof n));
    return buf;
}
