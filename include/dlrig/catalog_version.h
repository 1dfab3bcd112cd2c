#ifndef DLRIG_CATALOG_VERSION_H
#define DLRIG_CATALOG_VERSION_H
/* Schema version of db/schema.sql, stored in PRAGMA user_version.  Bump it on
 * any incompatible schema change. */
#define DLRIG_SCHEMA_VERSION 14
#endif
