/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* decoders.c -- the decoders under audit: the built-in oracle adapters
 * (each opened; one that cannot run here is kept with its reason, so the
 * report lists it instead of skipping it silently) and the plugins, each in
 * its sandbox (plugin_runner.h). */
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "record_internal.h"

/* Returns true when the built-in name is wanted by the --only list (or
 * there is none). Plugins are always audited: naming one is asking. */
static bool wanted(const audit_options *o, const char *name)
{
    if (o->n_only == 0)
        return true;
    for (size_t i = 0; i < o->n_only; i++)
        if (strcmp(o->only[i], name) == 0)
            return true;
    return false;
}

/* Returns true when some decoder in d[0..n) is called name. */
static bool taken(audit_decoder *const *d, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(d[i]->name, name) == 0)
            return true;
    return false;
}

/* Returns true when each --only name is that of a built-in decoder;
 * false after a message naming the first that is not, and all there are. */
static bool only_names_known(const audit_options *o, const oracle *const *b, size_t nb)
{
    for (size_t k = 0; k < o->n_only; k++) {
        bool found = false;
        for (size_t i = 0; i < nb && !found; i++)
            found = strcmp(b[i]->name, o->only[k]) == 0;
        if (found)
            continue;
        fprintf(stderr, "u8guard audit: --only %s: no built-in decoder of that "
                        "name in this build; the names are:", o->only[k]);
        for (size_t i = 0; i < nb; i++)
            fprintf(stderr, " %s", b[i]->name);
        fprintf(stderr, "\n");
        return false;
    }
    return true;
}

/* add_runner makes the opened runner r the decoder d[*k] (and counts it),
 * named after r; two decoders may give the same name, and reports need
 * distinct ones, so a taken name gets "#2", "#3"... Returns the decoder,
 * or NULL after a message when out of memory (r is then closed). */
static audit_decoder *add_runner(audit_decoder **d, size_t *k, plugin_runner *r)
{
    audit_decoder *x = calloc(1, sizeof *x);

    if (x == NULL) {
        plugin_runner_close(r);
        fprintf(stderr, "u8guard audit: out of memory\n");
        return NULL;
    }
    d[(*k)++] = x;
    x->plugin = r;
    snprintf(x->name, sizeof x->name, "%s", plugin_runner_name(r));
    snprintf(x->version, sizeof x->version, "%s", plugin_runner_version(r));
    for (unsigned dup = 2; taken(d, *k - 1, x->name); dup++)
        snprintf(x->name, sizeof x->name, "%.50s#%u", plugin_runner_name(r), dup);
    return x;
}

/* Opens one decoder of the command line, the plugin (exec false) or the
 * command (exec true) arg, as d[*k]. Returns true, or false after a
 * message naming the option. */
static bool open_runner(const audit_options *o, bool exec, const char *arg,
                        audit_decoder **d, size_t *k)
{
    char err[PLUGIN_RUNNER_ERR_ROOM];
    audit_decoder *x;
    plugin_runner *r = exec ? plugin_runner_open_exec(arg, o->timeout_ms, err, sizeof err)
                            : plugin_runner_open(arg, o->timeout_ms, err, sizeof err);

    if (r == NULL) {
        fprintf(stderr, "u8guard audit: --%s %s: %s\n", exec ? "exec" : "plugin", arg, err);
        return false;
    }
    x = add_runner(d, k, r);
    if (x == NULL)
        return false;
    if (exec)
        snprintf(x->what, sizeof x->what, "exec %.150s", arg);
    else
        snprintf(x->what, sizeof x->what, "plugin %s", arg);
    return true;
}

/* Opens the plugins, then the commands, of o as d[0..), setting *k to
 * their number. Returns true, or false after a message (those opened
 * stay in d for the caller to close). */
static bool open_plugins(const audit_options *o, audit_decoder **d, size_t *k)
{
    for (size_t i = 0; i < o->n_plugins; i++)
        if (!open_runner(o, false, o->plugins[i], d, k))
            return false;
    for (size_t i = 0; i < o->n_execs; i++)
        if (!open_runner(o, true, o->execs[i], d, k))
            return false;
    return true;
}

const char *audit_builtin_language(const char *name)
{
    if (strcmp(name, "python") == 0)
        return "Python";
    if (strcmp(name, "node") == 0)
        return "JavaScript";
    return "C";
}

int audit_open_decoders(const audit_options *o, audit_decoder ***list,
                        size_t *n)
{
    size_t nb, np = 0, k = 0; /* nb: set by oracle_builtin */
    const oracle *const *b = oracle_builtin(&nb);
    audit_decoder **d, **plug;

    if (!only_names_known(o, b, nb))
        return 2;
    d = calloc(nb + o->n_plugins + o->n_execs + 1, sizeof(audit_decoder *));
    plug = calloc(o->n_plugins + o->n_execs + 1, sizeof(audit_decoder *));
    if (d == NULL || plug == NULL) {
        free(d);
        free(plug);
        fprintf(stderr, "u8guard audit: out of memory\n");
        return 2;
    }
    /* The plugins first: a usage error there must not wait for the
     * built-ins' subprocesses to start. They are listed after them. */
    if (!open_plugins(o, plug, &np)) {
        audit_close_decoders(plug, np);
        free(d);
        return 2;
    }
    for (size_t i = 0; i < nb && !o->no_builtin; i++) {
        audit_decoder *x;
        const char *why;

        if (!wanted(o, b[i]->name))
            continue;
        x = calloc(1, sizeof *x);
        if (x == NULL) {
            fprintf(stderr, "u8guard audit: out of memory\n");
            audit_close_decoders(plug, np);
            audit_close_decoders(d, k);
            return 2;
        }
        d[k++] = x;
        x->o = b[i];
        snprintf(x->name, sizeof x->name, "%s", b[i]->name);
        snprintf(x->what, sizeof x->what, "%s", b[i]->what);
        snprintf(x->language, sizeof x->language, "%s", audit_builtin_language(b[i]->name));
        if (strcmp(decoder_version(b[i]->name, x->version, sizeof x->version),
                   "unknown") == 0)
            x->version[0] = '\0';
        why = b[i]->open();
        if (why) {
            snprintf(x->unavailable_buf, sizeof x->unavailable_buf, "%s", why);
            x->unavailable = x->unavailable_buf;
        }
    }
    for (size_t i = 0; i < np; i++) {
        /* A plugin called like a built-in gets a distinct name too. */
        for (unsigned dup = 2; taken(d, k, plug[i]->name); dup++)
            snprintf(plug[i]->name, sizeof plug[i]->name, "%.50s#%u",
                     plugin_runner_name(plug[i]->plugin), dup);
        d[k++] = plug[i];
    }
    free(plug);
    if (o->world && audit_open_world(o, &d, &k) != 0) {
        audit_close_decoders(d, k);
        return 2;
    }
    *list = d;
    *n = k;
    return 0;
}

void audit_close_decoders(audit_decoder **list, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        audit_decoder *x = list[i];
        if (x->plugin)
            plugin_runner_close(x->plugin);
        if (x->repl)
            plugin_runner_close(x->repl);
        if (x->o && !x->unavailable && x->o->close)
            x->o->close();
        for (size_t k = 0; k < x->n_examples; k++)
            free(x->examples[k].data);
        for (size_t k = 0; k < x->n_known; k++)
            free(x->known_examples[k].data);
        free(x);
    }
    free(list);
}
