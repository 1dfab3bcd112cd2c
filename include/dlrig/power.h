/*
 * power.h — GPU power limits: what a card draws under a limit set with
 * `nvidia-smi -pl`, and what share of its full speed it keeps (a measured
 * performance-vs-power curve; sources in src/core/power.c and db/SOURCES.md).
 */
#ifndef DLRIG_POWER_H
#define DLRIG_POWER_H

#include <stdbool.h>
#include <stddef.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"

/* The lowest limit, as a share of the card's rated board power, at which the
 * curve rests on measurements; below it power_speed_fraction assumes speed
 * falls in proportion to power. */
#define DLRIG_POWER_MEASURED_MIN 0.6

/* Share of full speed (0..1] a card keeps when limited to `fraction` of its
 * rated board power (1 or more: 1). */
double power_speed_fraction(double fraction);
/* Sustained draw of one card of line it: its power limit when one is set
 * below the rated board power, else the rated power (tdp_w).  0 for a part
 * that is not a GPU or has no rating. */
double power_item_gpu_w(const dlrig_item *it);
/* Share of full speed the cards of line it keep under their power limit
 * (1 without a limit or for other parts). */
double power_item_speed(const dlrig_item *it);
/* Whether any GPU line of b has a power limit below its card's rating. */
bool power_build_limited(const dlrig_build *b);
/* The commands that set b's power limits, one line per limited GPU line,
 * e.g. "sudo nvidia-smi -i 0,1 -pl 350" (GPU indices counted in build
 * order), written into buf (empty when nothing is limited).  Returns buf. */
char *power_limit_commands(const dlrig_build *b, char *buf, size_t len);
/* One line a person reads: "2 x GeForce RTX 4090 at 350 W of 450 W (~8%
 * slower)"; every limited line, separated by "; ".  Empty when nothing is
 * limited.  Returns buf. */
char *power_limit_summary(const dlrig_build *b, char *buf, size_t len);
/* The limit dlrig proposes at pct percent of a card rated rated_w: rounded
 * down to a multiple of 5 W.  The checker's hints and the fix-its step
 * through 95, 90, ... percent of the rating, so both name the same figure. */
int power_limit_at(int rated_w, int pct);
/* The highest proposed limit (power_limit_at, in 5% steps of the rating) for
 * every GPU of b that takes at least cut_w off its sustained draw, with the
 * share of speed kept in *speed; 0 when b mixes GPU models, has none, or the
 * limit would fall below the measured part of the curve
 * (DLRIG_POWER_MEASURED_MIN of the rating). */
int power_limit_to_cut(const dlrig_build *b, double cut_w, double *speed);

/* ---- sustained draw by workload and wall watts (sources in power.c) ---- */

/* Share of its power limit (its rating without one) a GPU draws, averaged
 * over minutes, running workload w (NULL: training): 1 for training and
 * batched inference, which keep a card at its limit; less for a workload of
 * one generation stream (single_stream: LLM token generation), which is
 * bound by memory bandwidth. */
double power_gpu_load_share(const dlrig_workload *w);
/* Sustained draw of one card limited to limit_w (its rating rated_w when
 * not limited) running a workload whose cards draw `share` of their rating
 * unlimited: the limit in training (share 1), and no more than share x
 * rating where the work is not power-bound (a limit above that draw does
 * not lower it). */
double power_gpu_load_w(double limit_w, double rated_w, double share);
/* Share of its TDP a CPU draws, sustained, while the GPUs run workload w:
 * the CPU feeds the cards (data loading, a few cores per GPU) rather than
 * computing on every core. */
double power_cpu_load_share(const dlrig_workload *w);
/* A power supply's efficiency (0..1) at load_fraction of its capacity, from
 * the 80 PLUS level named in level ("80 PLUS Gold"; NULL or unknown: the
 * base 80 PLUS level) on 115 V (low_line) or 230 V input; linear between the
 * programme's 20/50/100 % load points (10 % for Titanium), flat outside. */
double power_psu_efficiency(const char *level, bool low_line, double load_fraction);
/* The highest efficiency (0..1) power_psu_efficiency gives for any level and
 * load on 115 V (low_line) or 230 V input: a bound for "no supply could". */
double power_psu_efficiency_max(bool low_line);
/* Wall draw of a machine whose parts draw sustained_w (DC) from supplies of
 * capacity_w (0: unknown, taken at 50 % load) with efficiency level level. */
double power_wall_w(double sustained_w, const char *level, bool low_line, double capacity_w);
/* The assumption behind power_gpu_load_share / power_cpu_load_share for
 * workload w in words ("GPUs at their power limit, CPUs at half their
 * TDP"), for findings; static text. */
const char *power_load_assumption(const dlrig_workload *w);

#endif
