/*
 * gpurate.h — the share of a GPU's rated tensor throughput that real code
 * reaches, shared by the workload model (perf.h) and the language-model fit
 * (llm.h).  Pure functions of the catalog's GPU and architecture rows.
 */
#ifndef DLRIG_GPURATE_H
#define DLRIG_GPURATE_H

#include "dlrig/catalog.h"

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
