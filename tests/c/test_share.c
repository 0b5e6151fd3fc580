/* test_share.c -- engines that share a loaded variant (engine.h,
 * fuda_engine_new_sharing): each plays its match as an engine of its own
 * would, in any order of calls; the owner may go first; an engine that
 * loads another variant leaves the sharing; a memory bomb in one match
 * leaves the others playing; every engine's events are its own. Run under
 * `make asan` too: the order of freeing is what this is about. */
#include <stdlib.h>
#include "test.h"
#include "engine.h"

static const char *const path[] = {"variants", "tests/variants", NULL};
static const fuda_config cfg = {path, 0, 0, 0, 0, NULL, 0};

static fuda_engine *loaded(const char *variant, const char *const *opts, int nopts) {
    fuda_engine *e = fuda_engine_new(&cfg);
    if (e && fuda_engine_load(e, variant, opts, nopts) != 0) {
        fprintf(stderr, "%s\n", fuda_engine_error(e));
        fuda_engine_free(e);
        return NULL;
    }
    return e;
}

/* One bot move (or the next hand); 0 when the match is over or failed. */
static int step(fuda_engine *e) {
    int phase = fuda_engine_phase(e);
    if (phase == FUDA_PHASE_HAND_OVER) return fuda_engine_next_hand(e) == 0;
    if (phase != FUDA_PHASE_PLAYING) return 0;
    unsigned a = fuda_engine_actors(e);
    int seat = 1;
    while (!(a & (1u << (seat - 1)))) seat++;
    const char *mv;
    return fuda_engine_bot_apply(e, seat, "basic", &mv) == 0;
}

static int same_log(fuda_engine *a, fuda_engine *b) {
    char *x = fuda_engine_log(a), *y = fuda_engine_log(b);
    int same = x && y && strcmp(x, y) == 0;
    free(x);
    free(y);
    return same;
}

/* Three matches of gin in one state, played in turns, the owner freed in
 * the middle: each ends as the same match in an engine of its own. */
static void interleaved(void) {
    fuda_engine *owner = loaded("gin", NULL, 0), *m[3], *alone[3];
    CHECK(owner != NULL);
    if (!owner) return;
    for (int i = 0; i < 3; i++) {
        m[i] = fuda_engine_new_sharing(owner);
        alone[i] = loaded("gin", NULL, 0);
        CHECK(m[i] && alone[i] && fuda_engine_start(m[i], 2, (uint64_t)i + 1) == 0 &&
              fuda_engine_start(alone[i], 2, (uint64_t)i + 1) == 0);
    }
    for (int k = 0; k < 300; k++) {
        if (k == 50) {
            fuda_engine_free(owner); /* the sharers keep the state */
            owner = NULL;
        }
        for (int i = 0; i < 3; i++) step(m[i]), step(alone[i]);
    }
    for (int i = 0; i < 3; i++) {
        CHECK(fuda_engine_move_count(m[i]) > 20);
        CHECK(fuda_engine_hash(m[i]) == fuda_engine_hash(alone[i]));
        CHECK(same_log(m[i], alone[i]));
        CHECK_EQ_STR(fuda_engine_info(m[i])->name, "gin");
    }
    /* one leaves for another variant: the others play on */
    CHECK(fuda_engine_load(m[0], "zun", NULL, 0) == 0 && fuda_engine_start(m[0], 4, 9) == 0);
    CHECK(step(m[0]));
    CHECK(fuda_engine_start(m[1], 2, 4) == 0); /* a new match in the state the others share */
    CHECK(step(m[1]));
    for (int i = 0; i < 3; i++) fuda_engine_free(m[i]), fuda_engine_free(alone[i]);
}

/* Nothing to share: an engine with no variant. */
static void nothing_to_share(void) {
    fuda_engine *e = fuda_engine_new(&cfg);
    CHECK(fuda_engine_new_sharing(e) == NULL);
    CHECK(fuda_engine_new_sharing(NULL) == NULL);
    fuda_engine_free(e);
}

typedef struct said { int n; char last[256]; } said;

static void on_event(void *ud, int seat, const char *text) {
    said *s = (said *)ud;
    s->n++;
    snprintf(s->last, sizeof s->last, "%d %s", seat, text);
}

/* Events go to each engine's own callback. */
static void events(void) {
    fuda_engine *owner = loaded("tests/variants/tiny.lua", NULL, 0);
    if (!owner) { CHECK(0); return; }
    fuda_engine *a = fuda_engine_new_sharing(owner), *b = fuda_engine_new_sharing(owner);
    said sa = {0, ""}, sb = {0, ""};
    fuda_engine_on_event(a, on_event, &sa);
    fuda_engine_on_event(b, on_event, &sb);
    CHECK(fuda_engine_start(a, 2, 1) == 0 && fuda_engine_start(b, 2, 1) == 0);
    CHECK(fuda_engine_apply(a, 1, "draw") == 0);
    CHECK(sa.n == 1 && sb.n == 0 && strncmp(sa.last, "1 you drew", 10) == 0);
    fuda_engine_free(owner);
    fuda_engine_free(b);
    fuda_engine_free(a);
}

/* A memory bomb in one match (keeper.lua's first match of the state):
 * refused with the memory limit, and the other match plays on. */
static void bomb(void) {
    static const char *const opts[] = {"attack=bomb"};
    fuda_config c = cfg;
    c.mem_limit = (size_t)32 << 20;
    fuda_engine *owner = fuda_engine_new(&c);
    CHECK(owner && fuda_engine_load(owner, "tests/variants/keeper.lua", opts, 1) == 0);
    fuda_engine *bomber = fuda_engine_new_sharing(owner), *other = fuda_engine_new_sharing(owner);
    CHECK(fuda_engine_start(bomber, 2, 3) == 0 && fuda_engine_start(other, 2, 3) == 0);
    uint64_t h = fuda_engine_hash(bomber);
    CHECK(fuda_engine_apply(bomber, 1, "draw") == -1);
    CHECK(strstr(fuda_engine_error(bomber), "keeper.lua:") &&
          strstr(fuda_engine_error(bomber), "memory limit exceeded (32 MiB"));
    CHECK(fuda_engine_hash(bomber) == h);
    int n = 0;
    while (n < 2000 && fuda_engine_phase(other) != FUDA_PHASE_MATCH_OVER) {
        if (fuda_engine_phase(other) == FUDA_PHASE_HAND_OVER) {
            CHECK(fuda_engine_next_hand(other) == 0);
        } else {
            const char *const *mv;
            int seat = fuda_engine_actors(other) & 1 ? 1 : 2;
            int k = fuda_engine_moves(other, seat, &mv);
            if (k <= 0 || fuda_engine_apply(other, seat, mv[k - 1]) != 0) break;
        }
        n++;
    }
    CHECK(fuda_engine_phase(other) == FUDA_PHASE_MATCH_OVER);
    fuda_engine_free(other);
    fuda_engine_free(bomber);
    fuda_engine_free(owner);
}

TEST_MAIN(interleaved, nothing_to_share, events, bomb)
