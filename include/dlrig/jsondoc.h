/*
 * jsondoc.h — helpers shared by the readers and writers of dlrig's JSON
 * documents (build files, requirements, presets, themes, seller profiles):
 * messages that name the input and the field, what a JSON value is,
 * duplicate keys, and the one printed form.
 */
#ifndef DLRIG_JSONDOC_H
#define DLRIG_JSONDOC_H

#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* The status a reader returns for a document it refuses (the CLI's exit
 * code for invalid input; build.h's DLRIG_BUILD_EINVAL). */
#define DLRIG_JSONDOC_EINVAL 2

/* Writes "label: <message>" into err (errlen bytes, truncated) and returns
 * DLRIG_JSONDOC_EINVAL. */
int jsondoc_fail(char *err, size_t errlen, const char *label, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
int jsondoc_vfail(char *err, size_t errlen, const char *label, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));
/* "a string", "a number", "an object", ... for a message naming what a JSON
 * value is; v may be NULL ("an unknown value").  Static text. */
const char *jsondoc_type(const cJSON *v);

/* Whether an object anywhere in doc has a key twice (JSON parsers differ on
 * which one wins, so dlrig's readers refuse such a document); where gets
 * its path, "requirements.workload" or "parts[1].qty". */
bool jsondoc_duplicate_key(const cJSON *doc, char *where, size_t len);

/* The document as dlrig writes every JSON document: two spaces an
 * indentation level, "key": value, short lists of scalars on one line, a
 * final newline.  Caller frees (free). */
char *jsondoc_print(const cJSON *doc);

#endif
