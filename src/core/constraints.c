/*
 * constraints.c — the tests rules.c and advisor.c share (see constraints.h).
 */
#include "dlrig/constraints.h"

#include <math.h>
#include <string.h>

#include "dlrig/power.h"
#include "dlrig/util.h"

bool constraint_cores_ok(const dlrig_cpu *cpu, int ncpu, int gpus)
{
    return cpu->cores * (ncpu ? ncpu : 1) >= CONSTRAINT_CORES_PER_GPU * gpus;
}

bool constraint_gpu_count_requested(const dlrig_requirements *r, int n)
{
    return (r->min_gpus <= 0 || n >= r->min_gpus) && (r->max_gpus <= 0 || n <= r->max_gpus);
}

bool constraint_vram_requested(const dlrig_requirements *r, const dlrig_gpu *g)
{
    return isnan(r->min_vram_gb) || g->vram_gb >= r->min_vram_gb - 1e-9;
}

bool constraint_workstation_cores_ok(const dlrig_cpu *cpu, int ncpu, const dlrig_gpu *g)
{
    bool pro = g && (g->segment_kind == DLRIG_SEGMENT_WORKSTATION || g->segment_kind == DLRIG_SEGMENT_DATACENTER);
    return !pro || cpu->cores * (ncpu ? ncpu : 1) >= CONSTRAINT_WORKSTATION_MIN_CORES;
}

double constraint_checkpoint_gb(double params_m)
{
    return CONSTRAINT_CHECKPOINTS_KEPT * params_m * 1e6 * CONSTRAINT_CHECKPOINT_BYTES_PER_PARAM / 1e9;
}

double constraint_fast_storage_gb(double dataset_gb, double params_m)
{
    return dataset_gb * CONSTRAINT_DATASET_STORAGE_FACTOR + constraint_checkpoint_gb(params_m);
}

bool constraint_wants_quiet(const dlrig_requirements *req)
{
    return (req->require & DLRIG_REQ_QUIET) || requirements_environment(req) == DLRIG_ENV_OFFICE;
}

bool constraint_case_quiet(const dlrig_case *cs)
{
    return cs->noise_level != DLRIG_NOISE_LOUD;
}

bool constraint_case_quiet_for(const dlrig_case *cs, const dlrig_requirements *req)
{
    if (req->require & DLRIG_REQ_QUIET) return cs->noise_level == DLRIG_NOISE_QUIET;
    return !constraint_wants_quiet(req) || constraint_case_quiet(cs);
}

bool constraint_gpu_quiet_for(const dlrig_gpu *g, int n, const dlrig_requirements *req)
{
    if (!(req->require & DLRIG_REQ_QUIET)) return true;
    return n <= CONSTRAINT_QUIET_MAX_GPUS && g->cooler_type != DLRIG_GPU_COOLER_BLOWER && g->cooler_type != DLRIG_GPU_COOLER_PASSIVE;
}

bool constraint_gpu_datacenter_ok(const dlrig_gpu *g, const dlrig_requirements *req)
{
    if (requirements_environment(req) != DLRIG_ENV_DATACENTER) return true;
    return !(g->segment_kind == DLRIG_SEGMENT_CONSUMER && g->arch && g->arch->platform_kind == DLRIG_PLATFORM_CUDA);
}

bool constraint_case_datacenter_ok(const dlrig_case *cs, const dlrig_requirements *req)
{
    return requirements_environment(req) != DLRIG_ENV_DATACENTER || constraint_case_rackmount(cs);
}

bool constraint_case_rackmount(const dlrig_case *cs)
{
    return cs->case_kind == DLRIG_CASE_RACK;
}

bool constraint_case_frame(const dlrig_case *cs)
{
    return cs && cs->case_kind == DLRIG_CASE_FRAME;
}

bool constraint_case_frame_for(const dlrig_case *cs, const dlrig_requirements *req)
{
    return constraint_case_frame(cs) == ((req->require & DLRIG_REQ_OPEN_FRAME) != 0);
}

int constraint_card_positions(const dlrig_gpu *g, const dlrig_case *cs)
{
    if (constraint_case_frame(cs)) return 1;
    double sl = g->slots > 0 ? g->slots : 2;
    return sl > 4 ? 4 : (int)ceil(sl);
}

int constraint_case_link_gen(const dlrig_case *cs)
{
    if (!constraint_case_frame(cs)) return 0;
    return cs->riser_pcie_gen != DLRIG_NA && cs->riser_pcie_gen > 0 ? cs->riser_pcie_gen : 3;
}

int constraint_card_link_gen(const dlrig_gpu *g, const dlrig_case *cs)
{
    int gen = g->pcie_gen > 0 ? g->pcie_gen : 3, riser = constraint_case_link_gen(cs);
    return riser && riser < gen ? riser : gen;
}

bool constraint_riser_length_ok(const dlrig_case *cs, int gen)
{
    if (!constraint_case_frame(cs) || cs->riser_mm == DLRIG_NA || gen < 4) return true;
    return cs->riser_mm <= CONSTRAINT_RISER_MAX_MM;
}

bool constraint_case_gpu_length_ok(const dlrig_case *cs, const dlrig_gpu *g)
{
    return cs->max_gpu_length_mm == DLRIG_NA || g->length_mm == DLRIG_NA || g->length_mm <= cs->max_gpu_length_mm;
}

bool constraint_gpu_needs_server(const dlrig_gpu *g)
{
    return g->cooler_type == DLRIG_GPU_COOLER_PASSIVE || g->segment_kind == DLRIG_SEGMENT_DATACENTER;
}

bool constraint_case_cools_gpu(const dlrig_case *cs, const dlrig_gpu *g)
{
    return !constraint_gpu_needs_server(g) || cs->forced_airflow;
}

bool constraint_case_gpu_count_ok(const dlrig_case *cs, int n)
{
    return cs->max_gpus == DLRIG_NA || n <= cs->max_gpus;
}

bool constraint_gpu_sxm(const dlrig_gpu *g)
{
    return g->form == DLRIG_GPU_SXM;
}

bool constraint_case_sxm(const dlrig_case *cs)
{
    return cs->sxm_gpus != DLRIG_NA && cs->sxm_gpus > 0;
}

bool constraint_case_mounts_gpus(const dlrig_case *cs, const dlrig_gpu *g, int n)
{
    if (!constraint_gpu_sxm(g)) return !constraint_case_sxm(cs);
    /* an HGX (or OAM) baseboard is sold with every socket filled: n is its socket count */
    return constraint_case_sxm(cs) && n == cs->sxm_gpus && list_contains(cs->sxm_gpu_ids, g->p.id);
}

bool constraint_case_takes_gpus(const dlrig_case *cs, const dlrig_gpu *g, int n)
{
    return constraint_case_gpu_count_ok(cs, n) && constraint_case_cools_gpu(cs, g) &&
           constraint_case_gpu_length_ok(cs, g) && constraint_case_mounts_gpus(cs, g, n);
}

bool constraint_gpu_count_ok(const dlrig_gpu *g, int n)
{
    return g->max_per_machine == DLRIG_NA || n <= g->max_per_machine;
}

bool constraint_psu_fits_case(const dlrig_psu *psu, const dlrig_case *cs)
{
    if (!cs->psu_form_factor) return true;
    /* An ATX case also takes SFX units (with a bracket); nothing else mixes. */
    return strcmp(cs->psu_form_factor, psu->form_factor) == 0 ||
           (cs->psu_form == DLRIG_PSU_ATX && psu->form == DLRIG_PSU_SFX);
}

bool constraint_memory_fits_board(const dlrig_memory *m, const dlrig_motherboard *b)
{
    return strcmp(m->type, b->memory_type) == 0 && m->registered == b->rdimm;
}

bool constraint_memory_fits_cpu(const dlrig_memory *m, const dlrig_cpu *cpu)
{
    /* A kit of another memory type is the board's finding, not the CPU's. */
    return !m->registered || cpu->rdimm || strcmp(m->type, cpu->memory_type) != 0;
}

int constraint_memory_channels(const dlrig_motherboard *b, const dlrig_cpu *cpu, int ncpu)
{
    int channels = cpu->memory_channels * (ncpu ? ncpu : 1);
    if (b && b->memory_slots < channels) channels = b->memory_slots;
    return channels;
}

bool constraint_ram_capacity_ok(const dlrig_motherboard *b, const dlrig_cpu *cpu, int ncpu, int ram_gb)
{
    if (b && b->max_memory_gb != DLRIG_NA && ram_gb > b->max_memory_gb) return false;
    if (cpu && cpu->max_memory_gb != DLRIG_NA && ram_gb > cpu->max_memory_gb * (ncpu ? ncpu : 1)) return false;
    return true;
}

bool constraint_ram_covers_vram(double ram_gb, double vram_max_gb)
{
    return ram_gb >= CONSTRAINT_RAM_PER_LARGEST_VRAM * vram_max_gb;
}

bool constraint_memory_full_speed(const dlrig_memory *m, int modules, int channels)
{
    return !m || m->registered || channels <= 0 || modules <= channels;
}

double constraint_ram_recommended_gb(double vram_total_gb)
{
    return CONSTRAINT_RAM_PER_TOTAL_VRAM * vram_total_gb;
}

bool constraint_cooler_fits_socket(const dlrig_cooler *cl, const dlrig_cpu *cpu)
{
    return list_contains(cl->sockets, cpu->socket);
}

bool constraint_cooler_fits_case(const dlrig_cooler *cl, const dlrig_case *cs)
{
    return cl->cooler_kind != DLRIG_COOLER_AIR || cs->max_cooler_height_mm == DLRIG_NA || cl->height_mm == DLRIG_NA ||
           cl->height_mm <= cs->max_cooler_height_mm;
}

/* ------------------------------------------------------------ power */

double constraint_psu_max_load_w(double cap_w)
{
    return CONSTRAINT_PSU_MAX_LOAD_FRACTION * cap_w;
}

bool constraint_psu_carries(double cap_w, double rated_w)
{
    return cap_w > 0 && rated_w <= constraint_psu_max_load_w(cap_w);
}

double constraint_wall_w(const dlrig_circuit *circ, double sustained_w, const char *level, double cap_w)
{
    return power_wall_w(sustained_w, level, !circ || circ->volts < 200, cap_w);
}

double constraint_circuit_max_wall_w(const dlrig_circuit *circ)
{
    return circ->continuous_w;
}

bool constraint_circuit_carries(const dlrig_circuit *circ, double wall_w)
{
    return !circ || wall_w <= constraint_circuit_max_wall_w(circ);
}

bool constraint_circuit_out_of_reach(const dlrig_circuit *circ, double sustained_w)
{
    return circ && sustained_w / power_psu_efficiency_max(circ->volts < 200) > constraint_circuit_max_wall_w(circ);
}

bool constraint_power_fits(const dlrig_circuit *circ, double cap_w, const char *level, double rated_w,
                           double sustained_w)
{
    return constraint_psu_carries(cap_w, rated_w) &&
           constraint_circuit_carries(circ, constraint_wall_w(circ, sustained_w, level, cap_w));
}
