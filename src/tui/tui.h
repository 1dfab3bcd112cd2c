/* tui.h — the terminal interface of dlrig (ncurses). */
#ifndef DLRIG_TUI_H
#define DLRIG_TUI_H

#include "dlrig/catalog.h"

/* Runs the interactive interface on the catalog: the wizard, or the builder
 * on the build file at build_path when it is not NULL.  theme_name is the
 * --theme option or NULL for the default ("mono" under NO_COLOR, else
 * "dark").  Refuses to start (message on stderr, exit status 2) when stdin
 * or stdout is not a terminal, or when build_path cannot be loaded.  The
 * terminal is restored before returning.  Returns the process exit status:
 * 0 after a normal quit, 130/143 after SIGINT/SIGTERM, 2 or 3 on bad input
 * or I/O failure. */
int tui_run(dlrig_catalog *cat, const char *build_path, const char *theme_name);

#endif
