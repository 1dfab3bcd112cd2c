/* jsonschema.h — a small JSON Schema validator for dlrig's tests: the
 * subset docs/schemas/ uses (type, properties, required,
 * additionalProperties, items, minItems, maxItems, enum, const, minimum,
 * maximum, minLength, pattern as a POSIX extended regular expression,
 * anyOf, oneOf, allOf, $ref to "#/$defs/NAME" and to another file of the
 * same directory, optionally with its own "#/$defs/NAME").  A keyword
 * outside the subset is an error of the schema, never ignored. */
#ifndef DLRIG_TEST_JSONSCHEMA_H
#define DLRIG_TEST_JSONSCHEMA_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct jsonschema jsonschema;

/* Loads dir/file as the root schema; NULL with a message in err. */
jsonschema *jsonschema_load(const char *dir, const char *file, char *err, size_t errlen);
void jsonschema_free(jsonschema *s);

/* Whether doc conforms to the schema; when not, err gets the path into the
 * document (as "$.recommendations[0].price_usd") and what failed. */
bool jsonschema_validate(jsonschema *s, const cJSON *doc, char *err, size_t errlen);

#endif
