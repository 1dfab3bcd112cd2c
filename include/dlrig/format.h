/*
 * format.h — numbers and money as people read them ("1,920", "$1,599",
 * "$1,234.50"): the one set of formatters behind the CLI, the TUI and the
 * exports, so that a figure reads the same wherever it is shown.  Pure text:
 * every function writes into the caller's buffer (truncating to len bytes)
 * and returns it.
 */
#ifndef DLRIG_FORMAT_H
#define DLRIG_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

/* Money saturates here (a quadrillion dollars, in cents). */
#define DLRIG_MONEY_CAP_CENTS 100000000000000000LL

/* v with `decimals` decimals and thousands separators ("1,920.5"); "-" for
 * NAN; no minus sign when every shown digit is zero (-0.4 -> "0"); at a
 * quadrillion or more (or infinite) "over 999,999,999,999,999" (with a
 * minus after "over " for negative values). */
const char *format_number(double v, int decimals, char *buf, size_t len);
/* x rounded half away from zero to a whole number with thousands separators
 * ("70,554"), "-" for NAN, "over 999,999,999,999,999" beyond a quadrillion. */
const char *format_thousands(double x, char *buf, size_t len);
/* A speed (samples/s, tokens/s, ...) as every screen and document writes
 * it: whole numbers with separators from 100 up ("2,477"), one decimal from
 * 1 up ("38.4"), two significant digits below 1 ("0.21", "0.0034"), so a
 * slow workload never reads "0"; "-" for NAN or a negative value.  With a
 * unit (not NULL), "2,477 samples/s". */
const char *format_speed(double v, const char *unit, char *buf, size_t len);
/* A duration given in hours as people read it: "45 min", "1.4 h",
 * "38 h", "3.2 days", "59 days"; "-" for NAN or a negative value. */
const char *format_hours(double hours, char *buf, size_t len);
/* Money in whole dollars: "$1,599", "-$12", "-" for NAN; a quadrillion
 * dollars or more (or infinite) saturates as "over $999,999,999,999,999". */
const char *format_usd(double usd, char *buf, size_t len);
/* A change of a build's price, as a fix or a swap states it: "+$578",
 * "-$222", "no price change" (under 50 cents), "price change unknown" for
 * NAN; complete false (a part taken out or put in has no price) adds
 * ", not counting a part without a price". */
const char *format_price_change(double usd, bool complete, char *buf, size_t len);
/* Money in cents: "$1,234" when cents is a whole dollar amount and
 * show_cents is false, else "$1,234.50"; negative amounts "-$12.00"; at
 * DLRIG_MONEY_CAP_CENTS or beyond "over $1,000,000,000,000,000". */
const char *format_cents(long long cents, bool show_cents, char *buf, size_t len);

#endif
