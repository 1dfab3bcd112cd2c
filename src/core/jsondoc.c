/* jsondoc.c — helpers shared by the readers of dlrig's JSON documents. */
#include "dlrig/jsondoc.h"

#include <stdio.h>

int jsondoc_vfail(char *err, size_t errlen, const char *label, const char *fmt, va_list ap)
{
    char msg[768];
    vsnprintf(msg, sizeof msg, fmt, ap);
    snprintf(err, errlen, "%s: %s", label, msg);
    return DLRIG_JSONDOC_EINVAL;
}

int jsondoc_fail(char *err, size_t errlen, const char *label, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = jsondoc_vfail(err, errlen, label, fmt, ap);
    va_end(ap);
    return rc;
}

const char *jsondoc_type(const cJSON *v)
{
    if (cJSON_IsString(v)) return "a string";
    if (cJSON_IsNumber(v)) return "a number";
    if (cJSON_IsBool(v)) return "a boolean";
    if (cJSON_IsNull(v)) return "null";
    if (cJSON_IsArray(v)) return "an array";
    if (cJSON_IsObject(v)) return "an object";
    return "an unknown value";
}
