/*
 * preset.h — scenario presets: named requirements ("LLM fine-tuning lab",
 * "Kaggle starter", ...) shipped in db/presets/ and embedded in the binary at
 * build time.  A preset is a JSON document:
 *
 *   {"format": "dlrig-preset", "version": 1, "title": "...", "story": "...",
 *    "requirements": { the build file's requirements object } }
 *
 * `requirements` must name at least a workload and a budget_usd.  The
 * preset's name is its file name without ".json"; db/presets/ORDER gives the
 * order (the TUI's F1..F8 follow it).
 */
#ifndef DLRIG_PRESET_H
#define DLRIG_PRESET_H

#include <stddef.h>

#include "dlrig/build.h"
#include "dlrig/catalog.h"

#define DLRIG_PRESET_MAX_BYTES (64 * 1024)

typedef struct dlrig_preset {
    char name[48];   /* "llm-finetune-lab" */
    char title[96];  /* "LLM fine-tuning lab" */
    char story[640]; /* two or three sentences: who, what, why these requirements */
    dlrig_requirements req;
} dlrig_preset;

/* The built-in presets, in ORDER: their count and names (static strings). */
size_t preset_count(void);
const char *preset_name(size_t i); /* NULL when i >= preset_count() */
/* Index of a built-in preset by name, or -1. */
int preset_index(const char *name);

/* Parses a preset document of len bytes (need not be NUL-terminated) named
 * `name` against the catalog (frameworks are checked).  Returns 0, or
 * DLRIG_BUILD_EINVAL with "preset 'NAME': FIELD: what was expected" in err. */
int preset_parse(const dlrig_catalog *cat, const char *name, const char *text, size_t len, dlrig_preset *out,
                 char *err, size_t errlen);
/* Loads built-in preset i / by name.  An unknown name is DLRIG_BUILD_EINVAL
 * with the valid names listed in err. */
int preset_load_at(const dlrig_catalog *cat, size_t i, dlrig_preset *out, char *err, size_t errlen);
int preset_load(const dlrig_catalog *cat, const char *name, dlrig_preset *out, char *err, size_t errlen);

#endif
