/* cli_main.c — dlrig's main as dlrig_cli_main, for the command-line fuzz target. */
#define main dlrig_cli_main
int dlrig_cli_main(int argc, char **argv);
#include "../../src/cli/main.c"
