/*
 * constraints.h — the thresholds and pure predicates shared by the rules
 * (rules.c, which emit findings when a predicate fails) and the advisor
 * (advisor.c, which prunes parts with the same predicate).  One definition
 * per fact: change a threshold or a test here and both sides follow.
 * A new rule whose test the advisor also prunes by belongs here.
 */
#ifndef DLRIG_CONSTRAINTS_H
#define DLRIG_CONSTRAINTS_H

#include <stdbool.h>

#include "dlrig/catalog.h"
#include "dlrig/requirements.h"

/* Puget Systems (hardware recommendations for ML/AI): at least 4 CPU cores
 * per GPU to keep data loading ahead (rule cpu.cores_per_gpu). */
#define CONSTRAINT_CORES_PER_GPU 4
/* Seed 002: at least as much RAM as the largest GPU's VRAM (memory.below_largest_vram). */
#define CONSTRAINT_RAM_PER_LARGEST_VRAM 1.0
/* Puget Systems (hardware recommendations for ML/AI): system RAM of about
 * twice the total VRAM (memory.below_total_vram; the advisor sizes RAM to it
 * when the budget leaves room). */
#define CONSTRAINT_RAM_PER_TOTAL_VRAM 2.0
/* Fast storage for the dataset plus working space (unpacked copies, caches) (storage.dataset). */
#define CONSTRAINT_DATASET_STORAGE_FACTOR 1.2
/* Checkpoints kept: each a full training state (16 bytes/parameter: weights,
 * gradients and Adam state in mixed precision — ZeRO, Rajbhandari et al. 2020). */
#define CONSTRAINT_CHECKPOINTS_KEPT 5
#define CONSTRAINT_CHECKPOINT_BYTES_PER_PARAM 16.0
/* A quiet machine (--require quiet) holds at most two GPUs: Puget Systems
 * advise against more than two RTX 4080/4090-class cards in one desk-side box
 * (cooling and size) and measured four RTX 3090s as loud and at the edge of one
 * PSU; Lambda puts at most two RTX 3090s in a workstation without liquid
 * cooling.  More cards run every fan at full speed (env.noise). */
#define CONSTRAINT_QUIET_MAX_GPUS 2

/* Puget Systems (hardware recommendations for ML/AI): 16 cores are the
 * minimum for a machine-learning workstation; applied to builds of
 * professional GPUs (workstation and datacenter cards), which are bought for
 * such machines (rule cpu.workstation_cores). */
#define CONSTRAINT_WORKSTATION_MIN_CORES 16

/* shape.gpus: n GPUs a node is within the requested count (min_gpus,
 * max_gpus; either 0 when not given). */
bool constraint_gpu_count_requested(const dlrig_requirements *r, int n);
/* shape.vram: g has the requested VRAM a card (min_vram_gb). */
bool constraint_vram_requested(const dlrig_requirements *r, const dlrig_gpu *g);

/* cpu.cores_per_gpu: ncpu x cpu carry `gpus` GPUs' data loading. */
bool constraint_cores_ok(const dlrig_cpu *cpu, int ncpu, int gpus);
/* cpu.workstation_cores: ncpu x cpu are a workstation's cores for GPU g
 * (any CPU for a consumer card). */
bool constraint_workstation_cores_ok(const dlrig_cpu *cpu, int ncpu, const dlrig_gpu *g);

/* storage.dataset: GB of checkpoints kept for a model of params_m million parameters. */
double constraint_checkpoint_gb(double params_m);
/* storage.dataset: GB of fast (non-HDD) storage wanted for a dataset of dataset_gb and a model of params_m. */
double constraint_fast_storage_gb(double dataset_gb, double params_m);

/* env.noise: do the requirements ask for a quiet machine (--require quiet or an office)? */
bool constraint_wants_quiet(const dlrig_requirements *req);
/* env.noise: is the case quiet enough for an office (no server fans)? */
bool constraint_case_quiet(const dlrig_case *cs);
/* env.noise: the case for req: with --require quiet a quiet case (noise
 * "quiet"); in an office any case without server fans; else any case. */
bool constraint_case_quiet_for(const dlrig_case *cs, const dlrig_requirements *req);
/* env.noise: n of card g for req: with --require quiet no blower and no
 * passive card (passive cards live on server fans) and at most
 * CONSTRAINT_QUIET_MAX_GPUS of them; else any card, any number. */
bool constraint_gpu_quiet_for(const dlrig_gpu *g, int n, const dlrig_requirements *req);
/* env.rackmount: is the case a rack chassis (kind "rack"; a tower that
 * converts to a rack is not one)? */
bool constraint_case_rackmount(const dlrig_case *cs);
/* env.datacenter: card g for req.  NVIDIA's GeForce software license does
 * not allow GeForce and TITAN cards (NVIDIA's consumer cards) in a data
 * centre (section 2.1.3, "No Datacenter Deployment", since November 2017);
 * elsewhere any card. */
bool constraint_gpu_datacenter_ok(const dlrig_gpu *g, const dlrig_requirements *req);
/* env.datacenter: case cs for req.  A data centre racks its machines: a rack
 * chassis there; elsewhere any case. */
bool constraint_case_datacenter_ok(const dlrig_case *cs, const dlrig_requirements *req);

/* Is the case an open frame (kind "frame"): GPUs on riser cables above the board? */
bool constraint_case_frame(const dlrig_case *cs);
/* env.open_frame: case cs for req.  With --require open-frame an open frame
 * and nothing else; without it the advisor leaves frames out (their riser
 * cables have no price in the catalog, so a frame build's total would be
 * short), though check and fix judge and propose them. */
bool constraint_case_frame_for(const dlrig_case *cs, const dlrig_requirements *req);
/* Board positions a card of g takes in case cs (NULL: none chosen): one on
 * an open frame (its riser's slot; the card stands apart), else its slot
 * width rounded up, 1 to 4 (2 when unknown). */
int constraint_card_positions(const dlrig_gpu *g, const dlrig_case *cs);
/* The highest PCIe generation a card's link reaches in cs: its risers'
 * rating on an open frame (3 when not stated), else 0 (no limit of the case). */
int constraint_case_link_gen(const dlrig_case *cs);
/* The PCIe generation card g links at in cs before the slot's own: its own
 * (3 when unknown), no faster than an open frame's risers. */
int constraint_card_link_gen(const dlrig_gpu *g, const dlrig_case *cs);
/* case.riser_length: is the frame's riser short enough for a link of
 * generation gen?  From PCIe 4.0 on at most CONSTRAINT_RISER_MAX_MM: builders
 * of 8-card PCIe 4.0 rigs advise the shortest riser that reaches, 20-40 cm,
 * and longer or cheaper ones gave link errors under heavy traffic (ZeRO-3). */
#define CONSTRAINT_RISER_MAX_MM 400
bool constraint_riser_length_ok(const dlrig_case *cs, int gen);

/* case.gpu_length: the card fits the case's length limit (true when either length is unknown). */
bool constraint_case_gpu_length_ok(const dlrig_case *cs, const dlrig_gpu *g);
/* cooling.passive_needs_server: does g belong in a server chassis with forced
 * airflow?  Passive cards (no fans of their own) and datacenter cards (built
 * and validated for a server's fan wall and shrouds) do. */
bool constraint_gpu_needs_server(const dlrig_gpu *g);
/* cooling.passive_needs_server: a passive or datacenter card is cooled only by a chassis with forced airflow. */
bool constraint_case_cools_gpu(const dlrig_case *cs, const dlrig_gpu *g);
/* cooling.max_gpus (chassis half): the case is built for n GPUs. */
bool constraint_case_gpu_count_ok(const dlrig_case *cs, int n);
/* compat.sxm: g is an SXM module (it sits on an HGX baseboard, not in a PCIe slot). */
bool constraint_gpu_sxm(const dlrig_gpu *g);
/* compat.sxm: the chassis is an HGX server (a GPU baseboard with SXM sockets). */
bool constraint_case_sxm(const dlrig_case *cs);
/* compat.sxm: n of g fit the case's GPU mounting: SXM modules only on a baseboard that lists them and has
 * exactly n sockets (it is sold with every socket filled), PCIe cards only in a case without one (an HGX
 * server's slots are for NICs). */
bool constraint_case_mounts_gpus(const dlrig_case *cs, const dlrig_gpu *g, int n);
/* All four above: the case takes n cards of model g. */
bool constraint_case_takes_gpus(const dlrig_case *cs, const dlrig_gpu *g, int n);
/* cooling.max_gpus (model half): the vendor allows n of g in one machine. */
bool constraint_gpu_count_ok(const dlrig_gpu *g, int n);

/* compat.psu_form_factor: the PSU fits the case (an ATX case also takes SFX). */
bool constraint_psu_fits_case(const dlrig_psu *psu, const dlrig_case *cs);

/* ---- power: does the machine's draw fit its power supply and the wall circuit ----
 * The rules (power.psu_capacity, power.headroom, power.circuit), the advisor's
 * PSU choice and the exhaustive reference search all decide it with these. */

/* power.headroom: the rated draw (GPUs at their limit or rating, CPUs at
 * their TDP, allowances) kept at or under this share of the supplies'
 * capacity, for GPU power excursions (Intel ATX 3.0 Design Guide: GPUs may
 * spike to 2x their rating for up to 100 us; PSU vendors and Puget Systems
 * size workstation PSUs for ~80 % sustained load). */
#define CONSTRAINT_PSU_MAX_LOAD_FRACTION 0.80

/* power.headroom: the largest rated draw supplies of capacity cap_w (W at the
 * circuit's input voltage) carry with room for transients. */
double constraint_psu_max_load_w(double cap_w);
/* power.psu_capacity and power.headroom: supplies of capacity cap_w carry a
 * rated draw of rated_w within the headroom (false when cap_w <= 0). */
bool constraint_psu_carries(double cap_w, double rated_w);
/* power.circuit: what the machine draws at the wall: sustained_w (DC,
 * running the workload; power.h) through supplies of capacity cap_w (0:
 * unknown) at 80 PLUS level `level` (NULL: the base level), on circ's
 * voltage (circ NULL: taken on 115 V, the lower efficiency). */
double constraint_wall_w(const dlrig_circuit *circ, double sustained_w, const char *level, double cap_w);
/* power.circuit: the most circ (not NULL) supplies at the wall: its
 * continuous rating (the catalog's continuous_w, with the NEC 80 % rule
 * applied where the code says so). */
double constraint_circuit_max_wall_w(const dlrig_circuit *circ);
/* power.circuit: circ carries a wall draw of wall_w (always true without a circuit: circ NULL). */
bool constraint_circuit_carries(const dlrig_circuit *circ, double wall_w);
/* power.circuit as a bound: no supply of any 80 PLUS level could make circ
 * (NULL: never) carry a sustained draw of sustained_w. */
bool constraint_circuit_out_of_reach(const dlrig_circuit *circ, double sustained_w);
/* All of the above: supplies of capacity cap_w at level `level` carry a
 * machine of rated draw rated_w within the headroom, and circ (NULL: none)
 * carries its sustained draw sustained_w at the wall. */
bool constraint_power_fits(const dlrig_circuit *circ, double cap_w, const char *level, double rated_w,
                           double sustained_w);

/* compat.memory_type: the kit's type and buffering match the board's slots. */
bool constraint_memory_fits_board(const dlrig_memory *m, const dlrig_motherboard *b);
/* compat.memory_type: the CPU takes the kit (registered DIMMs need an RDIMM CPU). */
bool constraint_memory_fits_cpu(const dlrig_memory *m, const dlrig_cpu *cpu);
/* memory.channels: modules needed to fill every channel of ncpu x cpu on board b (b may be NULL). */
int constraint_memory_channels(const dlrig_motherboard *b, const dlrig_cpu *cpu, int ncpu);
/* memory.capacity: ram_gb within what the board (may be NULL) and ncpu x cpu (may be NULL) support. */
bool constraint_ram_capacity_ok(const dlrig_motherboard *b, const dlrig_cpu *cpu, int ncpu, int ram_gb);
/* memory.below_largest_vram: ram_gb is enough beside the largest card's vram_max_gb. */
bool constraint_ram_covers_vram(double ram_gb, double vram_max_gb);
/* Unbuffered memory runs at its rated speed with one module a channel: AMD
 * specifies DDR5-5200 for Ryzen 7000 with one module per channel and
 * DDR5-3600 with two (rule memory.two_per_channel; registered server memory
 * is built for two).  False for `modules` of m on `channels` channels when
 * unbuffered modules share a channel. */
bool constraint_memory_full_speed(const dlrig_memory *m, int modules, int channels);
/* The RAM vendors recommend for this much VRAM in a node (GB). */
double constraint_ram_recommended_gb(double vram_total_gb);

/* compat.socket (cooler half): the cooler mounts on the CPU's socket. */
bool constraint_cooler_fits_socket(const dlrig_cooler *cl, const dlrig_cpu *cpu);
/* case.cooler_height: the cooler clears the case (true for non-air coolers or unknown heights). */
bool constraint_cooler_fits_case(const dlrig_cooler *cl, const dlrig_case *cs);

#endif
