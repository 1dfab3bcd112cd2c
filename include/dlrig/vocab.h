/*
 * vocab.h — the closed vocabularies of the catalog's text columns (the values
 * its CHECK constraints allow), one X-macro each: X(enum constant, catalog
 * string).  The catalog decodes each column into its enum when it loads a
 * row, so rules, models and the advisor compare enums, never strings; a value
 * the list does not know (a --catalog file without the CHECK) decodes to the
 * list's UNKNOWN constant (-1), which equals no named value.
 */
#ifndef DLRIG_VOCAB_H
#define DLRIG_VOCAB_H

#define DLRIG_VOCAB_ENUM(e, s) e,
#define DLRIG_VOCAB_NAME(e, s) s,

/* gpu.cooler: how a card moves its heat. */
#define DLRIG_GPU_COOLERS(X) X(DLRIG_GPU_COOLER_BLOWER, "blower") X(DLRIG_GPU_COOLER_OPEN_AIR, "open-air") \
    X(DLRIG_GPU_COOLER_PASSIVE, "passive")
typedef enum { DLRIG_GPU_COOLER_UNKNOWN = -1, DLRIG_GPU_COOLERS(DLRIG_VOCAB_ENUM) DLRIG_GPU_COOLER_COUNT } dlrig_gpu_cooler;

/* gpu.segment: who the card is sold to */
#define DLRIG_GPU_SEGMENTS(X) X(DLRIG_SEGMENT_CONSUMER, "consumer") X(DLRIG_SEGMENT_WORKSTATION, "workstation") \
    X(DLRIG_SEGMENT_DATACENTER, "datacenter")
typedef enum { DLRIG_SEGMENT_UNKNOWN = -1, DLRIG_GPU_SEGMENTS(DLRIG_VOCAB_ENUM) DLRIG_SEGMENT_COUNT } dlrig_gpu_segment;

/* gpu.form_factor: a PCIe card or an SXM module on an HGX baseboard */
#define DLRIG_GPU_FORM_FACTORS(X) X(DLRIG_GPU_PCIE, "pcie") X(DLRIG_GPU_SXM, "sxm")
typedef enum {
    DLRIG_GPU_FORM_UNKNOWN = -1,
    DLRIG_GPU_FORM_FACTORS(DLRIG_VOCAB_ENUM) DLRIG_GPU_FORM_COUNT
} dlrig_gpu_form;

/* architecture.platform: the software stack a GPU generation runs */
#define DLRIG_PLATFORMS(X) X(DLRIG_PLATFORM_CUDA, "cuda") X(DLRIG_PLATFORM_ROCM, "rocm") X(DLRIG_PLATFORM_XPU, "xpu")
typedef enum { DLRIG_PLATFORM_UNKNOWN = -1, DLRIG_PLATFORMS(DLRIG_VOCAB_ENUM) DLRIG_PLATFORM_COUNT } dlrig_platform;

/* cooler.kind */
#define DLRIG_COOLER_KINDS(X) X(DLRIG_COOLER_AIR, "air") X(DLRIG_COOLER_AIO, "aio") X(DLRIG_COOLER_SERVER, "server")
typedef enum {
    DLRIG_COOLER_KIND_UNKNOWN = -1,
    DLRIG_COOLER_KINDS(DLRIG_VOCAB_ENUM) DLRIG_COOLER_KIND_COUNT
} dlrig_cooler_kind;

/* psu.form_factor and chassis.psu_form_factor (no CHECK list in the schema:
 * other values decode to UNKNOWN and fit only a case that names the same
 * value) */
#define DLRIG_PSU_FORMS(X) X(DLRIG_PSU_ATX, "ATX") X(DLRIG_PSU_SFX, "SFX") X(DLRIG_PSU_SERVER, "server")
typedef enum { DLRIG_PSU_FORM_UNKNOWN = -1, DLRIG_PSU_FORMS(DLRIG_VOCAB_ENUM) DLRIG_PSU_FORM_COUNT } dlrig_psu_form;

/* offer.condition */
#define DLRIG_CONDITIONS(X) X(DLRIG_CONDITION_NEW, "new") X(DLRIG_CONDITION_USED, "used") \
    X(DLRIG_CONDITION_REFURBISHED, "refurbished")
typedef enum {
    DLRIG_CONDITION_UNKNOWN = -1,
    DLRIG_CONDITIONS(DLRIG_VOCAB_ENUM) DLRIG_CONDITION_COUNT
} dlrig_condition;

/* case.kind */
#define DLRIG_CASE_KINDS(X) X(DLRIG_CASE_TOWER, "tower") X(DLRIG_CASE_RACK, "rack") X(DLRIG_CASE_FRAME, "frame")
typedef enum { DLRIG_CASE_KIND_UNKNOWN = -1, DLRIG_CASE_KINDS(DLRIG_VOCAB_ENUM) DLRIG_CASE_KIND_COUNT } dlrig_case_kind;

/* case.noise ("loud" for server fans) */
#define DLRIG_NOISES(X) X(DLRIG_NOISE_QUIET, "quiet") X(DLRIG_NOISE_NORMAL, "normal") X(DLRIG_NOISE_LOUD, "loud")
typedef enum { DLRIG_NOISE_UNKNOWN = -1, DLRIG_NOISES(DLRIG_VOCAB_ENUM) DLRIG_NOISE_COUNT } dlrig_noise;

/* storage.kind */
#define DLRIG_STORAGE_KINDS(X) X(DLRIG_STORAGE_NVME, "nvme") X(DLRIG_STORAGE_SATA_SSD, "sata-ssd") \
    X(DLRIG_STORAGE_U2, "u2") X(DLRIG_STORAGE_HDD, "hdd")
typedef enum {
    DLRIG_STORAGE_KIND_UNKNOWN = -1,
    DLRIG_STORAGE_KINDS(DLRIG_VOCAB_ENUM) DLRIG_STORAGE_KIND_COUNT
} dlrig_storage_kind;

/* framework.status */
#define DLRIG_FRAMEWORK_STATUSES(X) X(DLRIG_FRAMEWORK_MAINTAINED, "maintained") \
    X(DLRIG_FRAMEWORK_DISCONTINUED, "discontinued")
typedef enum {
    DLRIG_FRAMEWORK_STATUS_UNKNOWN = -1,
    DLRIG_FRAMEWORK_STATUSES(DLRIG_VOCAB_ENUM) DLRIG_FRAMEWORK_STATUS_COUNT
} dlrig_framework_status;

/* workload.unit: what its throughput counts */
#define DLRIG_WORKLOAD_UNITS(X)                                                                                 \
    X(DLRIG_WL_UNIT_SAMPLES, "samples/s") X(DLRIG_WL_UNIT_TOKENS, "tokens/s") X(DLRIG_WL_UNIT_IMAGES, "images/s") \
    X(DLRIG_WL_UNIT_FRAMES, "frames/s")
typedef enum {
    DLRIG_WL_UNIT_UNKNOWN = -1,
    DLRIG_WORKLOAD_UNITS(DLRIG_VOCAB_ENUM) DLRIG_WL_UNIT_COUNT
} dlrig_workload_unit;

/* workload.scaling: how it scales over data-parallel GPUs (seed 003) */
#define DLRIG_SCALINGS(X) X(DLRIG_SCALING_GOOD, "good") X(DLRIG_SCALING_FAIR, "fair") X(DLRIG_SCALING_POOR, "poor")
typedef enum { DLRIG_SCALING_UNKNOWN = -1, DLRIG_SCALINGS(DLRIG_VOCAB_ENUM) DLRIG_SCALING_COUNT } dlrig_scaling;

/* workload.priority: what the hardware must have first */
#define DLRIG_PRIORITIES(X) X(DLRIG_PRIORITY_COMPUTE, "compute") X(DLRIG_PRIORITY_BANDWIDTH, "bandwidth") \
    X(DLRIG_PRIORITY_FP64, "fp64")
typedef enum { DLRIG_PRIORITY_UNKNOWN = -1, DLRIG_PRIORITIES(DLRIG_VOCAB_ENUM) DLRIG_PRIORITY_COUNT } dlrig_priority;

/* Requirement vocabularies (the build file's and the command line's values;
 * their NULL-terminated string lists are dlrig_*_ids in requirements.h). */

/* requirements.precision */
#define DLRIG_PRECISIONS(X) X(DLRIG_PRECISION_FP32, "fp32") X(DLRIG_PRECISION_MIXED_FP16, "mixed-fp16") \
    X(DLRIG_PRECISION_BF16, "bf16") X(DLRIG_PRECISION_FP8, "fp8")
/* The speed model also reads TF32 (FP32 math on TF32 tensor cores), the
 * precision of published FP32 benchmarks on Ampere and newer (the
 * calibration tables' rows); no requirement names it. */
typedef enum {
    DLRIG_PRECISION_UNKNOWN = -1,
    DLRIG_PRECISIONS(DLRIG_VOCAB_ENUM) DLRIG_PRECISION_COUNT,
    DLRIG_PRECISION_TF32 = DLRIG_PRECISION_COUNT
} dlrig_precision;
#define DLRIG_PRECISION_TF32_NAME "tf32"

/* requirements.weights and llm.h's weight formats: how the weights are
 * stored (llm.c knows each one's bits) */
#define DLRIG_WEIGHT_FORMATS(X) X(DLRIG_WEIGHTS_FP32, "fp32") X(DLRIG_WEIGHTS_FP16, "fp16") \
    X(DLRIG_WEIGHTS_BF16, "bf16") X(DLRIG_WEIGHTS_FP8, "fp8") X(DLRIG_WEIGHTS_INT8, "int8") \
    X(DLRIG_WEIGHTS_INT4, "int4") X(DLRIG_WEIGHTS_NF4, "nf4") \
    X(DLRIG_WEIGHTS_Q8_0, "q8_0") X(DLRIG_WEIGHTS_Q6_K, "q6_k") X(DLRIG_WEIGHTS_Q5_K_M, "q5_k_m") \
    X(DLRIG_WEIGHTS_Q4_K_M, "q4_k_m") X(DLRIG_WEIGHTS_Q4_0, "q4_0") X(DLRIG_WEIGHTS_Q3_K_M, "q3_k_m") \
    X(DLRIG_WEIGHTS_MXFP4, "mxfp4")
typedef enum {
    DLRIG_WEIGHTS_UNKNOWN = -1, /* a number of bits per weight */
    DLRIG_WEIGHT_FORMATS(DLRIG_VOCAB_ENUM) DLRIG_WEIGHTS_COUNT
} dlrig_weight_format;

/* requirements.environment */
#define DLRIG_ENVIRONMENTS(X) X(DLRIG_ENV_OFFICE, "office") X(DLRIG_ENV_SERVER_ROOM, "server-room") \
    X(DLRIG_ENV_DATACENTER, "datacenter")
typedef enum { DLRIG_ENV_UNKNOWN = -1, DLRIG_ENVIRONMENTS(DLRIG_VOCAB_ENUM) DLRIG_ENV_COUNT } dlrig_environment;

/* requirements.require (--require): must-haves, bit i of the flags is member i */
#define DLRIG_MUST_HAVES(X) X(DLRIG_MUST_ECC, "ecc") X(DLRIG_MUST_NVLINK, "nvlink") X(DLRIG_MUST_RDMA, "rdma") \
    X(DLRIG_MUST_QUIET, "quiet") X(DLRIG_MUST_RACKMOUNT, "rackmount") X(DLRIG_MUST_OPEN_FRAME, "open-frame")
typedef enum { DLRIG_MUST_HAVES(DLRIG_VOCAB_ENUM) DLRIG_MUST_COUNT } dlrig_must_have;

/* The language-model fine-tuning vocabularies (requirements.method,
 * .optimizer, .offload; llm.h sizes each). */
#define DLRIG_METHODS(X) X(DLRIG_METHOD_INFERENCE, "inference") X(DLRIG_METHOD_LORA, "lora") \
    X(DLRIG_METHOD_QLORA, "qlora") X(DLRIG_METHOD_FULL, "full")
typedef enum { DLRIG_METHODS(DLRIG_VOCAB_ENUM) DLRIG_METHOD_COUNT } dlrig_method;
#define DLRIG_OPTIMIZERS(X) X(DLRIG_OPTIM_ADAMW, "adamw") X(DLRIG_OPTIM_ADAMW8, "adamw-8bit") X(DLRIG_OPTIM_SGD, "sgd")
typedef enum { DLRIG_OPTIMIZERS(DLRIG_VOCAB_ENUM) DLRIG_OPTIM_COUNT } dlrig_optim;
#define DLRIG_OFFLOADS(X) X(DLRIG_OFFLOAD_NONE, "none") X(DLRIG_OFFLOAD_OPTIMIZER, "optimizer") \
    X(DLRIG_OFFLOAD_ALL, "optimizer+weights")
typedef enum { DLRIG_OFFLOADS(DLRIG_VOCAB_ENUM) DLRIG_OFFLOAD_COUNT } dlrig_offload;

/* The catalog strings of each vocabulary, indexed by its enum. */
extern const char *const dlrig_gpu_cooler_names[DLRIG_GPU_COOLER_COUNT];
extern const char *const dlrig_case_kind_names[DLRIG_CASE_KIND_COUNT];
extern const char *const dlrig_noise_names[DLRIG_NOISE_COUNT];
extern const char *const dlrig_storage_kind_names[DLRIG_STORAGE_KIND_COUNT];
extern const char *const dlrig_framework_status_names[DLRIG_FRAMEWORK_STATUS_COUNT];
extern const char *const dlrig_workload_unit_names[DLRIG_WL_UNIT_COUNT];
extern const char *const dlrig_scaling_names[DLRIG_SCALING_COUNT];
extern const char *const dlrig_priority_names[DLRIG_PRIORITY_COUNT];
extern const char *const dlrig_gpu_segment_names[DLRIG_SEGMENT_COUNT];
extern const char *const dlrig_gpu_form_names[DLRIG_GPU_FORM_COUNT];
extern const char *const dlrig_platform_names[DLRIG_PLATFORM_COUNT];
extern const char *const dlrig_cooler_kind_names[DLRIG_COOLER_KIND_COUNT];
extern const char *const dlrig_psu_form_names[DLRIG_PSU_FORM_COUNT];
extern const char *const dlrig_condition_names[DLRIG_CONDITION_COUNT];
extern const char *const dlrig_weight_format_names[DLRIG_WEIGHTS_COUNT];
/* The method, optimizer and offload names as the command line and build
 * files spell them, NULL-terminated and indexed by their enums. */
extern const char *const dlrig_method_ids[DLRIG_METHOD_COUNT + 1];
extern const char *const dlrig_optim_ids[DLRIG_OPTIM_COUNT + 1];
extern const char *const dlrig_offload_ids[DLRIG_OFFLOAD_COUNT + 1];

/* The index of s among the n strings of names (a vocabulary above), or -1
 * when s is NULL or not one of them. */
int vocab_decode(const char *const *names, int n, const char *s);

#endif
