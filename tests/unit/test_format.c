/* Number and money formatting (format.h): the one set of formatters the CLI,
 * the TUI and the exports share.  Edge cases: zero, negatives (no "-0"),
 * the thousands boundary, large values and their saturation, NAN and
 * infinity, half-way rounding, and truncation to the caller's buffer. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "dlrig/format.h"

#define NUM(v, d, want)                                                                                                \
    do {                                                                                                               \
        char b_[64];                                                                                                   \
        ck_assert_str_eq(format_number((v), (d), b_, sizeof b_), (want));                                              \
    } while (0)

START_TEST(number)
{
    NUM(0, 0, "0");
    NUM(0, 1, "0.0");
    NUM(999, 0, "999");
    NUM(1000, 0, "1,000");
    NUM(-1000, 0, "-1,000");
    NUM(999999, 0, "999,999");
    NUM(1e6, 0, "1,000,000");
    NUM(1e9, 0, "1,000,000,000");
    NUM(1920.46, 1, "1,920.5");
    NUM(-1234.5678, 2, "-1,234.57");
    NUM(0.004, 2, "0.00");
    NUM(-0.4, 0, "0"); /* no negative zero */
    NUM(-0.004, 2, "0.00");
    NUM(-0.6, 0, "-1");
    NUM(NAN, 0, "-");
    NUM(NAN, 2, "-");
    NUM(1e15, 0, "over 999,999,999,999,999");
    NUM(-INFINITY, 1, "over -999,999,999,999,999");
    NUM(INFINITY, 0, "over 999,999,999,999,999");
    NUM(999999999999999.0, 0, "999,999,999,999,999");
}
END_TEST

START_TEST(thousands)
{
    char b[64];
    ck_assert_str_eq(format_thousands(0, b, sizeof b), "0");
    ck_assert_str_eq(format_thousands(999, b, sizeof b), "999");
    ck_assert_str_eq(format_thousands(1000, b, sizeof b), "1,000");
    ck_assert_str_eq(format_thousands(70554.4, b, sizeof b), "70,554");
    ck_assert_str_eq(format_thousands(2.5, b, sizeof b), "3"); /* half away from zero, not to even */
    ck_assert_str_eq(format_thousands(-2.5, b, sizeof b), "-3");
    ck_assert_str_eq(format_thousands(-0.4, b, sizeof b), "0");
    ck_assert_str_eq(format_thousands(1e9, b, sizeof b), "1,000,000,000");
    ck_assert_str_eq(format_thousands(NAN, b, sizeof b), "-");
    ck_assert_str_eq(format_thousands(2e15, b, sizeof b), "over 999,999,999,999,999");
    ck_assert_str_eq(format_thousands(-2e15, b, sizeof b), "over -999,999,999,999,999");
}
END_TEST

START_TEST(usd)
{
    char b[64];
    ck_assert_str_eq(format_usd(0, b, sizeof b), "$0");
    ck_assert_str_eq(format_usd(999, b, sizeof b), "$999");
    ck_assert_str_eq(format_usd(1000, b, sizeof b), "$1,000");
    ck_assert_str_eq(format_usd(1599.49, b, sizeof b), "$1,599");
    ck_assert_str_eq(format_usd(-12, b, sizeof b), "-$12");
    ck_assert_str_eq(format_usd(-0.4, b, sizeof b), "$0");
    ck_assert_str_eq(format_usd(1e9, b, sizeof b), "$1,000,000,000");
    ck_assert_str_eq(format_usd(NAN, b, sizeof b), "-");
    ck_assert_str_eq(format_usd(INFINITY, b, sizeof b), "over $999,999,999,999,999");
    ck_assert_str_eq(format_usd(-1e16, b, sizeof b), "over -$999,999,999,999,999");
}
END_TEST

/* A fix's or a swap's price change; a part without a price is named, not
 * silently counted as free. */
START_TEST(price_change)
{
    char b[96];
    ck_assert_str_eq(format_price_change(578, true, b, sizeof b), "+$578");
    ck_assert_str_eq(format_price_change(-222, true, b, sizeof b), "-$222");
    ck_assert_str_eq(format_price_change(0.3, true, b, sizeof b), "no price change");
    ck_assert_str_eq(format_price_change(NAN, true, b, sizeof b), "price change unknown");
    ck_assert_str_eq(format_price_change(NAN, false, b, sizeof b), "price change unknown");
    ck_assert_str_eq(format_price_change(578, false, b, sizeof b), "+$578, not counting a part without a price");
    ck_assert_str_eq(format_price_change(0, false, b, sizeof b), "no price change, not counting a part without a price");
}
END_TEST

START_TEST(cents)
{
    char b[64];
    ck_assert_str_eq(format_cents(0, false, b, sizeof b), "$0");
    ck_assert_str_eq(format_cents(0, true, b, sizeof b), "$0.00");
    ck_assert_str_eq(format_cents(99900, false, b, sizeof b), "$999");
    ck_assert_str_eq(format_cents(100000, false, b, sizeof b), "$1,000");
    ck_assert_str_eq(format_cents(123450, false, b, sizeof b), "$1,234.50");
    ck_assert_str_eq(format_cents(-1200, true, b, sizeof b), "-$12.00");
    ck_assert_str_eq(format_cents(-5, false, b, sizeof b), "-$0.05");
    ck_assert_str_eq(format_cents(100000000000LL, false, b, sizeof b), "$1,000,000,000");
    ck_assert_str_eq(format_cents(DLRIG_MONEY_CAP_CENTS, true, b, sizeof b), "over $1,000,000,000,000,000");
    ck_assert_str_eq(format_cents(-DLRIG_MONEY_CAP_CENTS - 1, false, b, sizeof b), "over -$1,000,000,000,000,000");
}
END_TEST

START_TEST(truncates_to_buffer)
{
    char b[6];
    ck_assert_str_eq(format_number(1234567, 0, b, sizeof b), "1,234");
    ck_assert_str_eq(format_cents(123456700, false, b, sizeof b), "$1,23");
    ck_assert_str_eq(format_usd(1, b, 1), "");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("format");
    TCase *tc = tcase_create("format");
    tcase_add_test(tc, number);
    tcase_add_test(tc, thousands);
    tcase_add_test(tc, usd);
    tcase_add_test(tc, cents);
    tcase_add_test(tc, price_change);
    tcase_add_test(tc, truncates_to_buffer);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
