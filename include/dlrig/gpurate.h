/*
 * gpurate.h — the share of a GPU's rated tensor throughput that real code
 * reaches, shared by the workload model (perf.h) and the language-model fit
 * (llm.h).  Pure functions of the catalog's GPU and architecture rows.
 */
#ifndef DLRIG_GPURATE_H
#define DLRIG_GPURATE_H

#include <stdbool.h>

#include "dlrig/catalog.h"

/* The link between the GPUs, for multi-GPU speed. */
typedef struct dlrig_link {
    double gbs;     /* per direction, GB/s (through host memory: the PCIe link's, the share is applied where used) */
    bool nvlink;
    bool host;      /* no peer-to-peer (GeForce 40/50 series, chipset slots, two CPUs): staged through host memory */
} dlrig_link;

/* PCIe bandwidth per lane and direction, GB/s (PCI-SIG: 8, 16, 32 GT/s with
 * 128b/130b encoding). */
double gpu_pcie_lane_gbs(int gen);
/* Whether a card can reach another card's memory directly over PCIe
 * (peer-to-peer).  NVIDIA turned it off on GeForce cards from the 40 series
 * on (the consumer cards of an architecture whose consumer_p2p is 0: Ada and
 * Blackwell): NCCL then stages every all-reduce through host memory. */
bool gpu_has_p2p(const dlrig_gpu *g);
/* The link between cards of g, each in a full x16 slot of its own PCIe
 * generation off one CPU (80% of the raw rate: protocol overhead), through
 * host memory without peer-to-peer; an SXM module's NVLink.  What dlrig fit
 * assumes without a build, and what a build's estimate finds when its board
 * gives every card that slot, so the two agree. */
dlrig_link gpu_own_link(const dlrig_gpu *g);

/* Share of the peak tensor rate g's tensor-core generation reaches on
 * training code, relative to Ampere and later (1.0): Volta and Turing reach
 * about half as much of their peak (fitted on the calibration table's Turing
 * rows; docs/CALIBRATION.md).  1.0 for a card without an architecture. */
double gpu_tensor_generation_share(const dlrig_gpu *g);

/* The tensor rate tflops that a training step sustains on g: no more than
 * its architecture's pro_train_tflops_per_w a watt of board power on a
 * non-GeForce card (Ada's RTX, L40S and L4 cards are rated at full-rate
 * accumulate, at clocks their board power does not hold under tensor load:
 * Lambda's RTX 6000 Ada, docs/CALIBRATION.md); tflops elsewhere. */
double gpu_training_tensor_tflops(const dlrig_gpu *g, double tflops);

#endif
