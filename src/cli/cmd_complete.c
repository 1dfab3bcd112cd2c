/* `dlrig completion SHELL` (the completion script) and the hidden
 * `dlrig __complete SHELL WORD...` the scripts call: the candidates for the
 * last word, from the command table (commands, options, what their values
 * are) and the catalog (part ids, models, workloads, circuits, ...). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "dlrig/advisor.h"
#include "dlrig/export.h"
#include "dlrig/preset.h"
#include "dlrig/query.h"
#include "dlrig/theme.h"
#include "dlrig/util.h"

#ifdef DLRIG_WITH_TUI
/* The themes embedded in the terminal interface (generated theme_blob.c). */
extern const struct {
    const char *name;
    const char *json;
} dlrig_builtin_themes[];
#endif

enum shell { SH_BASH, SH_ZSH, SH_FISH };
static const char *const shell_names[] = {"bash", "zsh", "fish", NULL};

const struct option cli_completion_opts[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};

/* ---------------------------------------------------------------- scripts */

/* Each script hands the words to `dlrig __complete` and shows what it
 * prints: one candidate a line ("value" or "value<TAB>description"); a line
 * ":files" asks for file names instead (":files json": *.json), ":nospace"
 * for no space after the candidate (a list goes on after a comma). */
static const char bash_script[] =
    "# bash completion for dlrig                                   -*- shell-script -*-\n"
    "# The candidates come from the program: dlrig __complete bash WORD...\n"
    "_dlrig()\n"
    "{\n"
    "    local cur words cword\n"
    "    if declare -F _get_comp_words_by_ref >/dev/null 2>&1; then\n"
    "        _get_comp_words_by_ref -n =: cur words cword\n"
    "    else\n"
    "        words=(\"${COMP_WORDS[@]}\")\n"
    "        cword=$COMP_CWORD\n"
    "        cur=${COMP_WORDS[COMP_CWORD]}\n"
    "    fi\n"
    "    local prog=${words[0]} line files= nospace=\n"
    "    [[ $prog == \\~/* ]] && prog=$HOME/${prog#\\~/}\n"
    "    COMPREPLY=()\n"
    "    while IFS= read -r line; do\n"
    "        case $line in\n"
    "        :files*) files=${line#:files}; files=${files# }; [[ $files ]] || files=all ;;\n"
    "        :nospace) nospace=1 ;;\n"
    "        :*) ;;\n"
    "        *) COMPREPLY+=(\"$line\") ;;\n"
    "        esac\n"
    "    done < <(\"$prog\" __complete bash \"${words[@]:1:cword}\" 2>/dev/null)\n"
    "    if [[ $files ]]; then\n"
    "        local IFS=$'\\n' fcur=$cur\n"
    "        [[ $cur == --*=* ]] && fcur=${cur#*=}\n"
    "        if [[ $files == all ]]; then\n"
    "            COMPREPLY+=($(compgen -f -- \"$fcur\"))\n"
    "        else\n"
    "            COMPREPLY+=($(compgen -f -X \"!*.$files\" -- \"$fcur\") $(compgen -d -- \"$fcur\"))\n"
    "        fi\n"
    "        compopt -o filenames 2>/dev/null\n"
    "    fi\n"
    "    # with '=' and ':' splitting words, the part before them is not replaced\n"
    "    if [[ $cur == *[=:]* ]]; then\n"
    "        local keep=${cur%\"${cur##*[=:]}\"} i\n"
    "        for i in \"${!COMPREPLY[@]}\"; do COMPREPLY[i]=${COMPREPLY[i]#\"$keep\"}; done\n"
    "    fi\n"
    "    [[ $nospace ]] && compopt -o nospace 2>/dev/null\n"
    "    return 0\n"
    "}\n"
    "complete -F _dlrig dlrig\n";

static const char zsh_script[] =
    "#compdef dlrig\n"
    "# zsh completion for dlrig.  The candidates come from the program:\n"
    "# dlrig __complete zsh WORD...\n"
    "_dlrig() {\n"
    "    local -a lines vals descs\n"
    "    local line files= nospace= prog=${words[1]}\n"
    "    lines=(\"${(@f)$(\"${~prog}\" __complete zsh \"${(@)words[2,CURRENT]}\" 2>/dev/null)}\")\n"
    "    for line in \"${lines[@]}\"; do\n"
    "        case $line in\n"
    "        (:files*) files=${${line#:files}# } ; [[ -z $files ]] && files=all ;;\n"
    "        (:nospace) nospace=1 ;;\n"
    "        (:*|'') ;;\n"
    "        (*) vals+=(\"${line%%$'\\t'*}\")\n"
    "            if [[ $line == *$'\\t'* ]]; then descs+=(\"${line%%$'\\t'*}  -- ${line#*$'\\t'}\")\n"
    "            else descs+=(\"${line}\"); fi ;;\n"
    "        esac\n"
    "    done\n"
    "    local ret=1\n"
    "    if (( ${#vals} )); then\n"
    "        if [[ -n $nospace ]]; then compadd -Q -S '' -l -d descs -a vals && ret=0\n"
    "        else compadd -Q -l -d descs -a vals && ret=0; fi\n"
    "    fi\n"
    "    case $files in\n"
    "    (all) _files && ret=0 ;;\n"
    "    (json|csv) _files -g \"*.$files(-.)\" && ret=0 ;;\n"
    "    esac\n"
    "    return ret\n"
    "}\n"
    "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then\n"
    "    _dlrig \"$@\"\n"
    "else\n"
    "    compdef _dlrig dlrig\n"
    "fi\n";

static const char fish_script[] =
    "# fish completion for dlrig.  The candidates come from the program:\n"
    "# dlrig __complete fish WORD...\n"
    "function __dlrig_complete\n"
    "    set -l words (commandline -opc)\n"
    "    set -l cur (commandline -ct)\n"
    "    set -l prog $words[1]\n"
    "    for line in ($prog __complete fish $words[2..-1] $cur 2>/dev/null)\n"
    "        switch $line\n"
    "            case ':files*'\n"
    "                set -l ext (string trim -- (string replace ':files' '' -- $line))\n"
    "                if test -z \"$ext\"\n"
    "                    __fish_complete_path $cur\n"
    "                else\n"
    "                    __fish_complete_suffix .$ext\n"
    "                end\n"
    "            case ':*'\n"
    "            case '*'\n"
    "                echo $line\n"
    "        end\n"
    "    end\n"
    "end\n"
    "complete -c dlrig -f -a '(__dlrig_complete)'\n";

static void completion_usage(FILE *f)
{
    fputs("Usage: dlrig completion bash|zsh|fish\n"
          "Prints the shell's completion script for dlrig.  The package installs them; by hand:\n"
          "  bash: source <(dlrig completion bash)\n"
          "  zsh:  dlrig completion zsh > ~/.zfunc/_dlrig  (with ~/.zfunc in $fpath, before compinit)\n"
          "  fish: dlrig completion fish > ~/.config/fish/completions/dlrig.fish\n",
          f);
}

int cmd_completion(cli_ctx *ctx, int argc, char **argv)
{
    (void)ctx;
    int c;
    optind = 0;
    while ((c = cli_getopt(argc, argv, "h", cli_completion_opts, "completion")) != -1) {
        if (c == 'h') {
            completion_usage(stdout);
            return EXIT_OK;
        }
        return EXIT_USAGE;
    }
    if (optind + 1 != argc) {
        cli_error("completion: expected one shell: bash, zsh or fish");
        return EXIT_USAGE;
    }
    int sh = id_index(shell_names, argv[optind]);
    if (sh < 0) {
        cli_error("completion: unknown shell '%s'; expected bash, zsh or fish", cli_safe(argv[optind]));
        return EXIT_USAGE;
    }
    fputs(sh == SH_BASH ? bash_script : sh == SH_ZSH ? zsh_script : fish_script, stdout);
    return fflush(stdout) == 0 ? EXIT_OK : EXIT_IO;
}

/* ---------------------------------------------------------------- the helper */

/* One option a command takes, from its getopt table or the requirement table. */
typedef struct opt {
    const char *name;
    int short_opt; /* 0 when none */
    bool has_arg;
    cli_value value;
    const dlrig_reqfield *field; /* a requirement option; NULL for the command's own */
} opt;

typedef struct comp {
    cli_ctx *ctx;
    int shell;
    const char *cur;  /* what the candidates must start with */
    const char *keep; /* written before each candidate ("--workload=", "ecc,") */
    opt *opts;
    size_t n_opts;
    const char *category; /* --category given on the line (sorting fields) */
    bool workload;        /* --workload given (parts: sort by speed or value) */
} comp;

static void offer(comp *c, const char *value, const char *desc)
{
    if (strncmp(value, c->cur, strlen(c->cur)) != 0) return;
    printf("%s%s", c->keep, value);
    if (c->shell != SH_BASH && desc && *desc) {
        /* one line, no tabs */
        putchar('\t');
        for (const char *p = desc; *p; p++) putchar(*p == '\t' || *p == '\n' || *p == '\r' ? ' ' : *p);
    }
    putchar('\n');
}

static const cli_command *find_command(const cli_command *v, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(v[i].name, name) == 0) return &v[i];
    return NULL;
}

/* The options of command cmd (NULL: the global ones only). */
static void collect_opts(comp *c, const cli_command *cmd)
{
    size_t cap = 64;
    c->opts = xcalloc(cap, sizeof *c->opts);
    c->n_opts = 0;
#define ADD(...)                                                                  \
    do {                                                                          \
        if (c->n_opts == cap) c->opts = xrealloc(c->opts, (cap *= 2) * sizeof *c->opts); \
        c->opts[c->n_opts++] = (opt){__VA_ARGS__};                                \
    } while (0)
    ADD("catalog", 0, true, CLI_V_FILE, NULL);
    ADD("theme", 0, true, CLI_V_THEME, NULL);
    if (!cmd) {
        ADD("help", 'h', false, CLI_V_NONE, NULL);
        ADD("version", 'V', false, CLI_V_NONE, NULL);
        return;
    }
    for (size_t i = 0; cmd->opts && cmd->opts[i].name; i++) {
        cli_value v = CLI_V_NONE;
        for (size_t k = 0; cmd->values && cmd->values[k].option; k++)
            if (strcmp(cmd->values[k].option, cmd->opts[i].name) == 0) v = cmd->values[k].value;
        int val = cmd->opts[i].val;
        ADD(cmd->opts[i].name, val > ' ' && val < 127 ? val : 0, cmd->opts[i].has_arg != no_argument, v, NULL);
    }
    if (cmd->reqs == CLI_REQS_NONE) return;
    const char *const *keys = cmd->reqs == CLI_REQS_OVERRIDE ? cli_override_keys()
                              : cmd->reqs == CLI_REQS_LIST   ? cmd->req_keys
                                                             : NULL;
    size_t nf;
    const dlrig_reqfield *f = requirements_fields(&nf);
    for (size_t i = 0; i < nf; i++) {
        if (keys && id_index(keys, f[i].key) < 0) continue;
        ADD(f[i].option, f[i].short_opt, f[i].kind != DLRIG_RK_BOOL,
            strcmp(f[i].key, "model") == 0 || strcmp(f[i].key, "also_model") == 0 ? CLI_V_MODEL : CLI_V_NONE, &f[i]);
    }
#undef ADD
}

/* The option a word names: "--workload", an abbreviation getopt would take,
 * or "-k"; NULL when none. */
static const opt *find_opt(const comp *c, const char *word, size_t len)
{
    if (len > 2 && word[0] == '-' && word[1] == '-') {
        const opt *prefix = NULL;
        size_t n_prefix = 0;
        for (size_t i = 0; i < c->n_opts; i++) {
            if (strlen(c->opts[i].name) == len - 2 && !strncmp(c->opts[i].name, word + 2, len - 2)) return &c->opts[i];
            if (!strncmp(c->opts[i].name, word + 2, len - 2)) prefix = &c->opts[i], n_prefix++;
        }
        return n_prefix == 1 ? prefix : NULL;
    }
    if (len >= 2 && word[0] == '-' && word[1] != '-')
        for (size_t i = 0; i < c->n_opts; i++)
            if (c->opts[i].short_opt == word[1]) return &c->opts[i];
    return NULL;
}

/* Offers the items of a list for a comma-separated value: what comes before
 * the last comma stays. */
static void offer_list(comp *c, const char *const *items)
{
    const char *comma = strrchr(c->cur, ',');
    char *keep = NULL;
    const char *cur0 = c->cur, *keep0 = c->keep;
    if (comma) {
        keep = xasprintf("%s%.*s", c->keep, (int)(comma - c->cur + 1), c->cur);
        c->keep = keep;
        c->cur = comma + 1;
    }
    for (size_t i = 0; items[i]; i++) offer(c, items[i], NULL);
    puts(":nospace");
    c->cur = cur0;
    c->keep = keep0;
    free(keep);
}

static void offer_parts(comp *c, int category)
{
    dlrig_catalog *cat = cli_catalog(c->ctx);
    if (!cat) return;
    dlrig_query q = {.category = category};
    const dlrig_part **v;
    size_t n;
    char err[256];
    if (catalog_query(cat, &q, &v, &n, err, sizeof err) != 0) return;
    for (size_t i = 0; i < n; i++) offer(c, v[i]->id, v[i]->name);
    free(v);
}

static void offer_value(comp *c, const opt *o)
{
    if (o->field) {
        const dlrig_reqfield *f = o->field;
        if (o->value == CLI_V_MODEL) {
            dlrig_catalog *cat = cli_catalog(c->ctx);
            size_t n = 0;
            const dlrig_model *m = cat ? catalog_models(cat, &n) : NULL;
            for (size_t i = 0; i < n; i++) offer(c, m[i].id, m[i].name);
            return;
        }
        if (f->kind != DLRIG_RK_ENUM && f->kind != DLRIG_RK_ENUM_BITS && f->kind != DLRIG_RK_FLAGS &&
            f->kind != DLRIG_RK_CATALOG)
            return; /* a number or a name: nothing to offer */
        const char *const *ch = requirements_choices(f, f->kind == DLRIG_RK_CATALOG ? cli_catalog(c->ctx) : NULL);
        if (!ch) return;
        if (f->kind == DLRIG_RK_FLAGS) {
            offer_list(c, ch);
            return;
        }
        for (size_t i = 0; ch[i]; i++) {
            const dlrig_workload *w =
                strcmp(f->key, "workload") == 0 && c->ctx->cat ? catalog_workload(c->ctx->cat, ch[i]) : NULL;
            offer(c, ch[i], w ? w->name : NULL);
        }
        return;
    }
    switch (o->value) {
    case CLI_V_NONE: return;
    case CLI_V_FILE: puts(":files"); return;
    case CLI_V_OUTPUT: puts(":files"); return;
    case CLI_V_JSON: puts(":files json"); return;
    case CLI_V_CSV: puts(":files csv"); return;
    case CLI_V_PART: offer_parts(c, -1); return;
    case CLI_V_GPU: offer_parts(c, DLRIG_CAT_GPU); return;
    case CLI_V_MODEL: {
        dlrig_catalog *cat = cli_catalog(c->ctx);
        size_t n = 0;
        const dlrig_model *m = cat ? catalog_models(cat, &n) : NULL;
        for (size_t i = 0; i < n; i++) offer(c, m[i].id, m[i].name);
        return;
    }
    case CLI_V_CATEGORY:
        for (int i = 0; i < DLRIG_CAT_COUNT; i++) offer(c, category_name((dlrig_category)i), NULL);
        return;
    case CLI_V_CATEGORIES: {
        const char *v[DLRIG_CAT_COUNT + 1];
        for (int i = 0; i < DLRIG_CAT_COUNT; i++) v[i] = category_name((dlrig_category)i);
        v[DLRIG_CAT_COUNT] = NULL;
        offer_list(c, v);
        return;
    }
    case CLI_V_SORT: {
        if (c->workload) {
            offer(c, "speed", "fastest first");
            offer(c, "value", "most speed per $1,000 first");
            return;
        }
        int cat = c->category ? category_from_name(c->category) : -1;
        size_t n;
        const dlrig_field *f = cat >= 0 ? category_fields((dlrig_category)cat, &n) : part_fields(&n);
        for (size_t i = 0; i < n; i++) offer(c, f[i].name, NULL);
        return;
    }
    case CLI_V_EXPORT_FORMAT: {
        static const char *const v[] = {"md", "csv", "json", "txt", "html", NULL};
        for (size_t i = 0; v[i]; i++)
            if (export_format_from_name(v[i]) >= 0) offer(c, v[i], NULL);
        return;
    }
    case CLI_V_COMPARE_FORMAT: offer(c, "md", "Markdown"); return;
    case CLI_V_OBJECTIVE:
        for (size_t i = 0; dlrig_objective_ids[i]; i++) offer(c, dlrig_objective_ids[i], NULL);
        return;
    case CLI_V_PRESET:
        for (size_t i = 0; i < preset_count(); i++) offer(c, preset_name(i), NULL);
        return;
    case CLI_V_THEME: {
#ifdef DLRIG_WITH_TUI
        size_t nb = 0;
        while (dlrig_builtin_themes[nb].name) nb++;
        dlrig_theme_src *b = xcalloc(nb + 1, sizeof *b);
        for (size_t i = 0; i < nb; i++)
            b[i] = (dlrig_theme_src){dlrig_builtin_themes[i].name, dlrig_builtin_themes[i].json};
        char **names;
        size_t n = theme_names(b, &names);
        for (size_t i = 0; i < n; i++) offer(c, names[i], NULL);
        theme_names_free(names, n);
        free(b);
#endif
        return;
    }
    case CLI_V_SHELL:
        for (size_t i = 0; shell_names[i]; i++) offer(c, shell_names[i], NULL);
        return;
    }
}

static void offer_options(comp *c)
{
    for (size_t i = 0; i < c->n_opts; i++) {
        char name[80];
        snprintf(name, sizeof name, "--%s", c->opts[i].name);
        offer(c, name, c->opts[i].field ? c->opts[i].field->help : NULL);
    }
}

/* `__complete --check`: every value kind names an option of its command, so
 * a renamed option cannot silently lose its completion.  Prints each stray
 * one; 0 when there is none. */
static int check_tables(void)
{
    int bad = 0;
    for (int pass = 0; pass < 2; pass++) {
        const cli_command *v = pass ? cli_prices_subs : cli_commands;
        size_t n = pass ? cli_n_prices_subs : cli_n_commands;
        for (size_t i = 0; i < n; i++)
            for (size_t k = 0; v[i].values && v[i].values[k].option; k++) {
                bool found = false;
                for (size_t j = 0; v[i].opts && v[i].opts[j].name; j++)
                    found = found || strcmp(v[i].opts[j].name, v[i].values[k].option) == 0;
                if (!found) {
                    printf("%s: --%s has a value kind but is no option of the command\n", v[i].name,
                           v[i].values[k].option);
                    bad++;
                }
            }
    }
    return bad ? EXIT_FINDINGS : EXIT_OK;
}

int cmd_complete(cli_ctx *ctx, int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--check") == 0) return check_tables();
    if (argc < 3 || id_index(shell_names, argv[1]) < 0) {
        cli_error("__complete: expected a shell (bash, zsh or fish) and the words after 'dlrig', the last being "
                  "the one to complete");
        return EXIT_USAGE;
    }
    comp c = {.ctx = ctx, .shell = id_index(shell_names, argv[1]), .keep = ""};
    /* bash without bash-completion splits "--workload=cnn" into "--workload", "=", "cnn": join them again */
    size_t n = 0;
    char **w = xcalloc((size_t)argc, sizeof *w);
    bool split_value = false; /* the last word came after a lone "=": it is the whole value */
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        bool last = i == argc - 1;
        if (n && strcmp(a, "=") == 0 && strncmp(w[n - 1], "--", 2) == 0 && !strchr(w[n - 1], '=')) {
            char *j = xasprintf("%s=", w[n - 1]);
            free(w[n - 1]);
            w[n - 1] = j;
            if (last) split_value = true, w[n++] = xstrdup("");
            continue;
        }
        if (n && i > 3 && strcmp(argv[i - 1], "=") == 0 && w[n - 1][strlen(w[n - 1]) - 1] == '=') {
            char *j = xasprintf("%s%s", w[n - 1], a);
            free(w[n - 1]);
            w[n - 1] = j;
            if (last) split_value = true;
            continue;
        }
        w[n++] = xstrdup(a);
    }
    if (split_value && n >= 2 && w[n - 1][0] == '\0') {
        /* "--opt=" then "": the value starts empty */
        free(w[n - 1]);
        n--;
    }
    const char *cur = w[n - 1];

    const cli_command *cmd = NULL, *sub = NULL;
    collect_opts(&c, NULL);
    const opt *pending = NULL;
    bool opts_done = false;
    int operands = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        const char *a = w[i];
        if (pending) {
            if (!strcmp(pending->name, "catalog")) ctx->catalog_path = a;
            if (!strcmp(pending->name, "category")) c.category = a;
            if (!strcmp(pending->name, "workload")) c.workload = true;
            pending = NULL;
            continue;
        }
        if (!opts_done && !strcmp(a, "--")) {
            opts_done = true;
            continue;
        }
        if (!opts_done && a[0] == '-' && a[1]) {
            const char *eq = a[1] == '-' ? strchr(a, '=') : NULL;
            const opt *o = find_opt(&c, a, eq ? (size_t)(eq - a) : strlen(a));
            if (o && o->has_arg && !eq && (a[1] == '-' || !a[2])) pending = o;
            if (o && eq) {
                if (!strcmp(o->name, "catalog")) ctx->catalog_path = eq + 1;
                if (!strcmp(o->name, "category")) c.category = eq + 1;
            }
            if (o && !strcmp(o->name, "workload")) c.workload = true;
            continue;
        }
        if (!cmd) {
            cmd = find_command(cli_commands, cli_n_commands, a);
            if (!cmd || cmd->hidden) goto done;
            free(c.opts);
            collect_opts(&c, cmd);
            continue;
        }
        if (cmd->subs && !sub) {
            sub = find_command(cmd->subs, cmd->n_subs, a);
            if (!sub) goto done;
            free(c.opts);
            collect_opts(&c, sub);
            continue;
        }
        operands++;
    }
    const cli_command *act = sub ? sub : cmd;
    c.cur = cur;
    if (pending) {
        offer_value(&c, pending);
    } else if (!opts_done && !strncmp(cur, "--", 2) && strchr(cur, '=')) {
        const char *eq = strchr(cur, '=');
        const opt *o = find_opt(&c, cur, (size_t)(eq - cur));
        if (o && o->has_arg) {
            char *keep = split_value ? xstrdup("") : xasprintf("%.*s", (int)(eq - cur + 1), cur);
            c.keep = keep;
            c.cur = eq + 1;
            offer_value(&c, o);
            free(keep);
        }
    } else if (!opts_done && cur[0] == '-') {
        offer_options(&c);
    } else if (!cmd) {
        for (size_t i = 0; i < cli_n_commands; i++)
            if (!cli_commands[i].hidden) offer(&c, cli_commands[i].name, cli_commands[i].summary);
    } else if (cmd->subs && !sub) {
        for (size_t i = 0; i < cmd->n_subs; i++) offer(&c, cmd->subs[i].name, cmd->subs[i].summary);
    } else if (act->operand != CLI_V_NONE && (act->max_operands < 0 || operands < act->max_operands)) {
        opt o = {NULL, 0, true, act->operand, NULL};
        offer_value(&c, &o);
    } else if (!cur[0]) {
        offer_options(&c); /* nothing else to give: the options */
    }
done:
    for (size_t i = 0; i < n; i++) free(w[i]);
    free(w);
    free(c.opts);
    return fflush(stdout) == 0 ? EXIT_OK : EXIT_IO;
}
