/* log.c -- the log of a match as text (variant, options, seats, seed, every
 * move) and replaying such a text into an engine (see engine.h:
 * fuda_engine_log, fuda_engine_replay).
 *
 * Moved here from engine.c unchanged; the small text buffer is engine.c's
 * sb_add, copied. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lfuda.h"

typedef struct sbuf { char *s; size_t n, cap; } sbuf;

static void sb_add(sbuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (need < 0) return;
    if (b->n + (size_t)need + 1 > b->cap) {
        size_t cap = (b->cap + (size_t)need + 1) * 2;
        char *p = (char *)realloc(b->s, cap);
        if (!p) return;
        b->s = p, b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
    va_end(ap);
    b->n += (size_t)need;
}

char *fuda_engine_log(const fuda_engine *e) {
    sbuf b = {NULL, 0, 0};
    sb_add(&b, "fuda-log 1\n");
    if (!e->loaded) return b.s;
    sb_add(&b, "variant %s\n", e->variant_arg);
    for (int i = 0; i < e->noptset; i++) sb_add(&b, "option %s\n", e->optset[i]);
    if (!e->started) return b.s;
    sb_add(&b, "seats %d\nseed %llu\n", e->st.nseats, (unsigned long long)e->seed);
    for (long i = 0; i < e->nlog; i++) {
        if (e->log[i].seat) sb_add(&b, "%d %s\n", e->log[i].seat, e->log[i].text);
        else sb_add(&b, "%s\n", e->log[i].text);
    }
    return b.s;
}

static int replay_line(fuda_engine *e, const char *line, long lineno) {
    if (strcmp(line, "next") == 0) return fuda_engine_next_hand(e);
    if (strncmp(line, "arrange ", 8) == 0) {
        char name[64];
        int owner, top, off = 0;
        if (sscanf(line + 8, "%63s %d %d%n", name, &owner, &top, &off) != 3) goto bad;
        fuda_card cards[FUDA_MAX_CARDS];
        int n = 0;
        const char *p = line + 8 + off;
        while (*p == ' ') p++;
        while (*p && n < FUDA_MAX_CARDS) {
            const char *q = strchr(p, ' ');
            size_t len = q ? (size_t)(q - p) : strlen(p);
            if (fuda_card_parse(p, len, &cards[n++]) < 0) goto bad;
            p += len;
            while (*p == ' ') p++;
        }
        return fuda_engine_arrange(e, name, owner, cards, n, top);
    }
    char *end;
    long seat = strtol(line, &end, 10);
    if (end == line || *end != ' ') goto bad;
    return fuda_engine_apply(e, (int)seat, end + 1);
bad:
    fuda_engine_seterr(e, "log line %ld: cannot read '%s'", lineno, line);
    return -1;
}

/* Split text into lines (modifies a copy). */
int fuda_engine_replay(fuda_engine *e, const char *log, long upto) {
    char *text = strdup(log);
    if (!text) { fuda_engine_seterr(e, "out of memory"); return -1; }
    char *save = NULL, *variant = NULL;
    char *opts[FUDA_MAX_OPTS];
    int nopts = 0, seats = 0, started = 0, rc = 0;
    unsigned long long seed = 0;
    long lineno = 0, moves = 0;
    for (char *line = strtok_r(text, "\n", &save); line && rc == 0; line = strtok_r(NULL, "\n", &save)) {
        lineno++;
        size_t len = strlen(line);
        while (len && (line[len - 1] == '\r' || line[len - 1] == ' ')) line[--len] = 0;
        if (len == 0 || line[0] == '#') continue;
        if (lineno == 1) {
            if (strcmp(line, "fuda-log 1") != 0) {
                fuda_engine_seterr(e, "not a fuda log (the first line must be 'fuda-log 1')");
                rc = -1;
            }
            continue;
        }
        if (!started) {
            if (strncmp(line, "variant ", 8) == 0) variant = line + 8;
            else if (strncmp(line, "option ", 7) == 0 && nopts < FUDA_MAX_OPTS) opts[nopts++] = line + 7;
            else if (strncmp(line, "seats ", 6) == 0) seats = atoi(line + 6);
            else if (strncmp(line, "seed ", 5) == 0) {
                char *end;
                seed = strtoull(line + 5, &end, 10);
                if (!variant || *end) {
                    fuda_engine_seterr(e, "log line %ld: bad seed line or no variant line before it", lineno);
                    rc = -1;
                    continue;
                }
                rc = fuda_engine_load(e, variant, (const char *const *)opts, nopts);
                if (rc == 0) rc = fuda_engine_start(e, seats, seed);
                started = 1;
            } else {
                fuda_engine_seterr(e, "log line %ld: unexpected '%s' before the seed line", lineno, line);
                rc = -1;
            }
            continue;
        }
        int is_move = line[0] >= '0' && line[0] <= '9';
        if (is_move && upto >= 0 && moves >= upto) break;
        if (is_move && e->st.phase == FUDA_PHASE_HAND_OVER) {
            fuda_engine_seterr(e, "log line %ld: a move after the hand ended without 'next'", lineno);
            rc = -1;
            break;
        }
        rc = replay_line(e, line, lineno);
        if (rc < 0) {
            char *msg = strdup(e->err);
            fuda_engine_seterr(e, "log line %ld (%.200s): %s", lineno, line, msg ? msg : "");
            free(msg);
        }
        moves += is_move;
    }
    if (rc == 0 && !started) {
        fuda_engine_seterr(e, "the log has no seed line");
        rc = -1;
    }
    free(text);
    return rc;
}

