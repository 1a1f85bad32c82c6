/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* world_open.c -- `u8guard audit --list` (every decoder this build knows,
 * with its version and whether it can run here) and the registry's
 * decoders opened for `--world`, each mode in its own sandbox. */
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "record_internal.h"
#include "world.h"

/* Opens mode (path or command, plugin or not, replacing or not) of e with
 * the options of o. Returns the runner, or NULL with why in err. */
static plugin_runner *open_mode(const world_entry *e, const char *what, bool plugin,
                                bool replace, int timeout_ms, char *err, size_t cap)
{
    plugin_runner_opts po = {timeout_ms, replace, audit_world_as_extra_mb(e)};

    return plugin ? plugin_runner_open_opts(what, &po, err, cap)
                  : plugin_runner_open_exec_opts(what, &po, err, cap);
}

/* Loads the registry of the world directory into *e (*n entries) and
 * probes each. Returns 0, or 2 after a message. */
static int load_world(world_entry **e, long *n, char *dir, size_t cap)
{
    if (audit_world_dir(dir, cap) == NULL) {
        fprintf(stderr, "u8guard audit: the world directory is not known here "
                        "(set U8GUARD_WORLD_DIR)\n");
        return 2;
    }
    *n = audit_world_load(dir, e);
    if (*n < 0)
        return 2;
    for (long i = 0; i < *n; i++)
        (void)audit_world_probe(&(*e)[i], dir);
    return 0;
}

/* Prints one line of --list. */
static void list_line(const char *name, const char *language, const char *version,
                      const char *missing)
{
    char shown[AUDIT_NAME_HUMAN_ROOM];

    printf("%-22s %-10s %-34s %s%s\n", audit_name_human(name, shown, sizeof shown),
           language, version[0] ? version : "-", missing ? "missing: " : "ok",
           missing ? missing : "");
}

int audit_list(const audit_options *o)
{
    size_t nb; /* set by oracle_builtin */
    const oracle *const *b = oracle_builtin(&nb);
    world_entry *e = NULL;
    long n = 0;
    char dir[4096];
    int rc;

    for (size_t i = 0; i < nb; i++) {
        const char *why = b[i]->open();
        char v[AUDIT_VERSION_ROOM];
        if (strcmp(decoder_version(b[i]->name, v, sizeof v), "unknown") == 0)
            v[0] = '\0';
        list_line(b[i]->name, audit_builtin_language(b[i]->name), v, why);
        if (why == NULL && b[i]->close)
            b[i]->close();
    }
    rc = load_world(&e, &n, dir, sizeof dir);
    if (rc != 0)
        return rc;
    for (long i = 0; i < n; i++) {
        if (e[i].missing[0] == '\0' && e[i].strict_plugin) {
            /* A plugin says its version when loaded (in its sandbox). */
            char err[512];
            plugin_runner *r = open_mode(&e[i], e[i].strict, true, false,
                                         o->timeout_ms, err, sizeof err);
            if (r == NULL)
                snprintf(e[i].missing, sizeof e[i].missing, "cannot be loaded: %.380s", err);
            else
                snprintf(e[i].version, sizeof e[i].version, "%s", plugin_runner_version(r));
            plugin_runner_close(r);
        }
        list_line(e[i].name, e[i].language, e[i].version,
                  e[i].missing[0] ? e[i].missing : NULL);
    }
    if (n == 0)
        fprintf(stderr, "u8guard audit: no registry in %s (decoders.tsv): "
                        "only the built-in decoders\n", dir);
    audit_world_free(e, n);
    return 0;
}

/* Writes s to buf[0..cap) with each dir in it written @WORLD@ again, so
 * that reports do not depend on where the world directory is; s is cut
 * where fewer than 8 bytes of buf are left. */
static void unexpand(const char *s, const char *dir, char *buf, size_t cap)
{
    size_t dl = strlen(dir), o = 0;

    while (*s != '\0' && o + 8 < cap) {
        if (dl > 0 && strncmp(s, dir, dl) == 0) {
            memcpy(buf + o, "@WORLD@", 7);
            o += 7;
            s += dl;
        } else {
            buf[o++] = *s++;
        }
    }
    buf[o] = '\0';
}

/* Makes registry entry e (of the world directory dir) the decoder *x
 * (allocated), opening its modes; a mode that cannot be opened leaves it
 * unavailable, with the reason. */
static audit_decoder *world_decoder(const world_entry *e, const char *dir,
                                    int timeout_ms)
{
    audit_decoder *x = calloc(1, sizeof *x);
    char cmd[150], err[512];

    if (x == NULL)
        return NULL;
    snprintf(x->name, sizeof x->name, "%s", e->name);
    snprintf(x->language, sizeof x->language, "%s", e->language);
    unexpand(e->strict_plugin ? strrchr(e->strict, '/') + 1 : e->strict, dir, cmd,
             sizeof cmd);
    snprintf(x->what, sizeof x->what, "%s %s", e->strict_plugin ? "plugin" : "exec", cmd);
    snprintf(x->version, sizeof x->version, "%s", e->version);
    x->plugin = open_mode(e, e->strict, e->strict_plugin, false, timeout_ms, err, sizeof err);
    if (x->plugin != NULL && e->strict_plugin)
        snprintf(x->version, sizeof x->version, "%s", plugin_runner_version(x->plugin));
    if (x->plugin != NULL && e->replace != NULL) {
        x->repl = open_mode(e, e->replace, e->replace_plugin, e->replace_plugin,
                            timeout_ms, err, sizeof err);
        if (x->repl == NULL) {
            plugin_runner_close(x->plugin);
            x->plugin = NULL;
            memmove(err + 16, err, sizeof err - 16);
            memcpy(err, "replacing mode: ", 16);
            err[sizeof err - 1] = '\0';
        }
    }
    if (x->plugin == NULL) {
        unexpand(err, dir, x->unavailable_buf, sizeof x->unavailable_buf);
        x->unavailable = x->unavailable_buf;
    }
    return x;
}

int audit_open_world(const audit_options *o, audit_decoder ***d, size_t *k)
{
    world_entry *e = NULL;
    long n = 0, missing = 0;
    char dir[4096];
    audit_decoder **grown;
    int rc = load_world(&e, &n, dir, sizeof dir);

    if (rc != 0)
        return rc;
    grown = realloc(*d, (*k + (size_t)n + 1) * sizeof *grown);
    if (grown == NULL) {
        audit_world_free(e, n);
        fprintf(stderr, "u8guard audit: out of memory\n");
        return 2;
    }
    *d = grown;
    for (long i = 0; i < n; i++) {
        audit_decoder *x;

        if (e[i].missing[0] != '\0') {
            missing++;
            continue;
        }
        x = world_decoder(&e[i], dir, o->timeout_ms);
        if (x == NULL) {
            audit_world_free(e, n);
            fprintf(stderr, "u8guard audit: out of memory\n");
            return 2;
        }
        (*d)[(*k)++] = x;
    }
    if (missing > 0)
        fprintf(stderr, "u8guard audit: --world: %ld of the %ld registry decoders "
                        "cannot run here and are left out ('u8guard audit --list' "
                        "says why)\n", missing, n);
    else if (n == 0)
        fprintf(stderr, "u8guard audit: --world: no registry in %s (decoders.tsv)\n", dir);
    audit_world_free(e, n);
    return 0;
}
