/*
 * jsondoc.h — helpers shared by the readers of dlrig's JSON documents
 * (build files, requirements, presets, themes, seller profiles): messages
 * that name the input and the field, and what a JSON value is.
 */
#ifndef DLRIG_JSONDOC_H
#define DLRIG_JSONDOC_H

#include <cjson/cJSON.h>
#include <stdarg.h>
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

#endif
