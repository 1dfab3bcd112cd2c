/*
 * csv.h — a small RFC 4180 reader (quoted fields, doubled quotes, CRLF or
 * LF line ends, newlines inside quotes) over a buffer, with ',' or another
 * delimiter (';' and tab are common in spreadsheets' exports).
 */
#ifndef DLRIG_CSV_H
#define DLRIG_CSV_H

#include <stddef.h>

#define CSV_MAX_FIELDS 32

typedef struct csv_reader {
    const char *p, *end;
    int line;            /* line number where the current record starts (1-based) */
    char *buf;           /* field storage of the current record */
    size_t cap;
    char delim;          /* field delimiter: ',' unless csv_set_delimiter */
} csv_reader;

typedef struct csv_record {
    char *fields[CSV_MAX_FIELDS];
    int n;
    int line;
} csv_record;

void csv_init(csv_reader *r, const char *text, size_t len);
/* Reads the next record.  Returns 1 and fills rec, 0 at the end, or -1 on a
 * malformed record (unterminated quote, text after a closing quote, too many
 * fields) with rec->line set.  Fields point into the reader's storage and
 * stay valid until the next call. */
int csv_next(csv_reader *r, csv_record *rec);
void csv_free(csv_reader *r);
void csv_set_delimiter(csv_reader *r, char delim);
/* The delimiter of a file's first non-blank line: whichever of ',', ';' and
 * tab occurs most often outside quotes (',' when none does, or on a tie
 * with ','). */
char csv_sniff_delimiter(const char *text, size_t len);

#endif
