/* vocab.c — the catalog vocabularies' names (see vocab.h). */
#include "dlrig/vocab.h"

#include <stddef.h>
#include <string.h>

const char *const dlrig_gpu_cooler_names[DLRIG_GPU_COOLER_COUNT] = {DLRIG_GPU_COOLERS(DLRIG_VOCAB_NAME)};
const char *const dlrig_case_kind_names[DLRIG_CASE_KIND_COUNT] = {DLRIG_CASE_KINDS(DLRIG_VOCAB_NAME)};
const char *const dlrig_noise_names[DLRIG_NOISE_COUNT] = {DLRIG_NOISES(DLRIG_VOCAB_NAME)};
const char *const dlrig_storage_kind_names[DLRIG_STORAGE_KIND_COUNT] = {DLRIG_STORAGE_KINDS(DLRIG_VOCAB_NAME)};
const char *const dlrig_framework_status_names[DLRIG_FRAMEWORK_STATUS_COUNT] = {
    DLRIG_FRAMEWORK_STATUSES(DLRIG_VOCAB_NAME)};
const char *const dlrig_workload_unit_names[DLRIG_WL_UNIT_COUNT] = {DLRIG_WORKLOAD_UNITS(DLRIG_VOCAB_NAME)};
const char *const dlrig_scaling_names[DLRIG_SCALING_COUNT] = {DLRIG_SCALINGS(DLRIG_VOCAB_NAME)};
const char *const dlrig_priority_names[DLRIG_PRIORITY_COUNT] = {DLRIG_PRIORITIES(DLRIG_VOCAB_NAME)};
const char *const dlrig_gpu_segment_names[DLRIG_SEGMENT_COUNT] = {DLRIG_GPU_SEGMENTS(DLRIG_VOCAB_NAME)};
const char *const dlrig_gpu_form_names[DLRIG_GPU_FORM_COUNT] = {DLRIG_GPU_FORM_FACTORS(DLRIG_VOCAB_NAME)};
const char *const dlrig_platform_names[DLRIG_PLATFORM_COUNT] = {DLRIG_PLATFORMS(DLRIG_VOCAB_NAME)};
const char *const dlrig_cooler_kind_names[DLRIG_COOLER_KIND_COUNT] = {DLRIG_COOLER_KINDS(DLRIG_VOCAB_NAME)};
const char *const dlrig_psu_form_names[DLRIG_PSU_FORM_COUNT] = {DLRIG_PSU_FORMS(DLRIG_VOCAB_NAME)};
const char *const dlrig_condition_names[DLRIG_CONDITION_COUNT] = {DLRIG_CONDITIONS(DLRIG_VOCAB_NAME)};
const char *const dlrig_weight_format_names[DLRIG_WEIGHTS_COUNT] = {DLRIG_WEIGHT_FORMATS(DLRIG_VOCAB_NAME)};
const char *const dlrig_method_ids[DLRIG_METHOD_COUNT + 1] = {DLRIG_METHODS(DLRIG_VOCAB_NAME) NULL};
const char *const dlrig_optim_ids[DLRIG_OPTIM_COUNT + 1] = {DLRIG_OPTIMIZERS(DLRIG_VOCAB_NAME) NULL};
const char *const dlrig_offload_ids[DLRIG_OFFLOAD_COUNT + 1] = {DLRIG_OFFLOADS(DLRIG_VOCAB_NAME) NULL};

int vocab_decode(const char *const *names, int n, const char *s)
{
    for (int i = 0; s && i < n; i++)
        if (strcmp(names[i], s) == 0) return i;
    return -1;
}
