/*
 * scan.h — the machine dlrig runs on (or a copy of its /proc and /sys under
 * another root), read into catalog parts: `dlrig scan`.
 *
 * What is read, every path relative to the root:
 *   proc/cpuinfo                      the CPU's model name, packages, cores
 *   proc/meminfo                      MemTotal
 *   sys/firmware/dmi/tables/DMI       SMBIOS type 17 records: each memory
 *                                     module's size, type, speed, part number
 *   sys/class/dmi/id/                 board_vendor, board_name, sys_vendor,
 *                                     product_name
 *   sys/bus/pci/devices/DEV/          GPUs (display and 3D controllers of
 *                                     NVIDIA, AMD, Intel; not Intel's
 *                                     integrated graphics at 00:02.0) and
 *                                     network cards (not virtual functions):
 *                                     vendor, device, subsystem, revision,
 *                                     class, link speed and width; a network
 *                                     card's VPD (its part number)
 *   sys/block/DEV/                    drives: size, rotational, model
 *   usr/share/misc/pci.ids, usr/share/hwdata/pci.ids
 *                                     names of devices the catalog lacks
 *   nvidia-smi.csv                    (a copy only) what nvidia-smi said
 * and on the live machine the output of nvidia-smi, when it is on PATH:
 * each NVIDIA card's memory and power limit.
 *
 * Every file is read with read_file_regular and a size bound: a FIFO, a
 * device or an endless file in a copied tree fails instead of hanging, and
 * no file makes the scan allocate without bound; at most 4096 PCI devices and
 * 1024 drives are looked at.
 *
 * Matching is strict: a CPU by its model number (every token of the
 * catalog's name in what cpuinfo says, and every token with a digit there in
 * the catalog's name: 14900KF is not 14900K); a board or a complete server
 * by its whole name; memory by the modules' part number
 * (catalog_part_numbers_like) and whole kits of it; a GPU or network card
 * by its PCI ids (catalog_part_pci: the most specific rows it fits), a
 * network card also by the part number in its VPD; a drive by its part
 * number, else by its name's words and its size.  What does not match is
 * listed by what was seen, never guessed.  No SQL (catalog API only), no
 * terminal.
 */
#ifndef DLRIG_SCAN_H
#define DLRIG_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"

typedef enum {
    DLRIG_SCAN_CPU,
    DLRIG_SCAN_BOARD, /* a motherboard, or a complete server (a case with its board) */
    DLRIG_SCAN_MEMORY,
    DLRIG_SCAN_GPU,
    DLRIG_SCAN_STORAGE,
    DLRIG_SCAN_NIC,
    DLRIG_SCAN_KIND_COUNT
} dlrig_scan_kind;

/* "cpu", "board", "memory", "gpu", "storage", "nic". */
const char *scan_kind_name(dlrig_scan_kind k);

/* A PCIe link as sysfs gives it; 0 where a figure was not read. */
typedef struct dlrig_scan_link {
    double cur_gts, max_gts; /* GT/s per lane: 2.5, 5, 8, 16, 32, 64 */
    int cur_width, max_width;
} dlrig_scan_link;
/* The PCIe generation of a transfer rate (16 GT/s: 4); 0 when not one. */
int scan_pcie_gen(double gts);

/* One thing read from the machine. */
typedef struct dlrig_scan_item {
    dlrig_scan_kind kind;
    char *seen;             /* what was read, in words */
    char *where;            /* the file or directory it was read from, relative to the root */
    const dlrig_part *part; /* the catalog part it is; NULL when not matched */
    int qty;                /* how many of part (memory: kits) */
    char *how;              /* matched: by what ("model number i9-14900K", "PCI id 10de:2684") */
    char *note;             /* matched: what else to know (may be NULL); not matched: why, by what was seen */
    bool main;              /* a CPU, board, memory or GPU: one not matched makes the scan incomplete */
    /* PCI devices (GPUs, network cards); vendor -1 otherwise */
    char address[16];       /* "0000:01:00.0" */
    int vendor, device, subsys_vendor, subsys_device, revision; /* -1 when not read */
    char *pci_name;         /* the name pci.ids gives the device, or NULL */
    dlrig_scan_link link;
    /* GPUs: from nvidia-smi (or amdgpu's sysfs memory); NAN when not read */
    double vram_mib, power_limit_w, power_max_w;
} dlrig_scan_item;

typedef struct dlrig_scan {
    dlrig_scan_item *items; /* in the order read: CPU, board, memory, GPUs, drives, network cards */
    size_t n_items, cap_items;
    double mem_total_kib;   /* MemTotal; NAN when not read */
    int n_modules;          /* memory modules DMI lists as installed; -1 when DMI was not read */
    const char *nvidia_smi; /* where NVIDIA cards' memory and power came from ("nvidia-smi", "nvidia-smi.csv"), or
                               NULL; static */
    char *nvidia_smi_note;  /* why nvidia-smi gave nothing, when it was tried; NULL otherwise */
    char *pci_ids;          /* the pci.ids file that named devices, or NULL */
    size_t n_matched, n_unmatched; /* main items matched and not */
    size_t n_other_unmatched;      /* drives and network cards not matched */
} dlrig_scan;

typedef struct dlrig_scan_options {
    const char *root;                 /* the machine's root directory; NULL or "/": the machine dlrig runs on */
    bool run_nvidia_smi;              /* run nvidia-smi from PATH (the live machine; with another root
                                         ROOT/nvidia-smi.csv is read instead) */
    const char *const *host_pci_ids;  /* pci.ids files to try when ROOT has none (NULL-terminated; NULL: none) */
} dlrig_scan_options;

/* Status codes of scan_machine. */
enum { DLRIG_SCAN_OK = 0, DLRIG_SCAN_EROOT = 2 };

/* Reads the machine under o->root and matches what it finds to the
 * catalog.  Returns 0 (things not matched are items without a part), or
 * DLRIG_SCAN_EROOT with a message in err when the root cannot be read or
 * holds none of proc/cpuinfo, proc/meminfo and sys/.  *out is initialised
 * either way; free it with scan_free. */
int scan_machine(const dlrig_catalog *cat, const dlrig_scan_options *o, dlrig_scan *out, char *err, size_t errlen);

/* Adds every matched item to b, each line marked owned: quantities summed
 * per part; a board that is the built-in board of a matched server is left
 * out (the server brings it); a GPU line whose every card runs under a power
 * limit below the part's rating gets the highest of them as power_limit_w. */
void scan_to_build(const dlrig_scan *s, dlrig_build *b);

/* The link of a GPU in words: "PCIe 4.0 x16", "PCIe 4.0 x8 (the card takes
 * x16)", with " at PCIe 1.0 speed now" when the speed is below the card's
 * (cards lower it when idle); "" when not read.  Returns buf. */
const char *scan_link_text(const dlrig_scan_link *l, char *buf, size_t len);
/* Whether a link runs on fewer lanes than the card takes. */
bool scan_link_narrow(const dlrig_scan_link *l);

void scan_free(dlrig_scan *s);

/* Parses nvidia-smi's answer to --query-gpu=pci.bus_id,name,memory.total,
 * power.limit,power.max_limit --format=csv,noheader,nounits (len bytes)
 * into the GPU items of s whose address it names (memory in MiB, limits in
 * W; "[N/A]" leaves NAN).  Returns how many lines named a GPU of s. */
size_t scan_apply_nvidia_smi(dlrig_scan *s, const char *text, size_t len);

#endif
