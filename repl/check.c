/* check.c -- `fuda check`: play many bot matches of a variant under a paranoid
 * engine and verify, after every action, what a rules script must guarantee:
 *
 *   - the engine accepts every action (a hook error is a failure);
 *   - while a hand is on some seat must act, and each seat that must act has
 *     a legal move;
 *   - every listed move is accepted (tried, in 5% of the matches spread over
 *     the run, for every move of every acting seat) and trying leaves the
 *     state as it was;
 *   - a move that is not listed is refused and changes nothing;
 *   - a match ends within the variant's check.max_moves (default 100000);
 *   - with check.zero_sum, every column of totals sums to 0;
 *   - the match played again in a fresh engine (a new Lua state), asking the
 *     same bots, goes the same way: the same state before every action (else
 *     the rules depend on something outside the game state) and the same
 *     choice of every bot (else the bot does: pairs order, upvalues). That
 *     engine plays as fuda sim does: nobody reads its events and it runs no
 *     check.invariant, so a script that plays otherwise when watched fails;
 *   - the match's log replays in a fresh engine to the state it ended in,
 *     showing the events the match showed (where nothing is tried, a script
 *     that counts its calls would show others);
 *   - hidden information does not leak: dealing anew what a seat cannot know
 *     changes neither its legal moves, its view nor what it is told when it
 *     asks (the claim window's prompt, why_not), nor the events an action
 *     shows it when it sees the same after it; two listed moves it cannot
 *     tell apart show it the same events; every card an event names is one
 *     the seat knows (seen.c says what a seat knows);
 *   - the claim window's prompt and the variant's evaluate work and change
 *     nothing (check asks them itself).
 *
 * Then it reports what was exercised: matches and moves per seat count, hook
 * calls, moves by verb, the variant's tallies and the expected ones that never
 * occurred, and the hooks the variant defines that no match reached, with why
 * (a failure under --strict). On the first failure it stops, saves the match's
 * log and prints the `fuda play --replay` command that leads to just before the
 * failure.
 *
 * Match i (from 0) is seeded with S+i; seat counts go round the variant's
 * range; the bots alternate between all-random and the variant's own bots
 * (each full round of seat counts). Everything but nothing timed is printed,
 * so the output is the same for the same arguments. With --shard K/N the run
 * plays its K-th share of the matches and writes JSON for `fuda merge`
 * (check_shard.c). */
#include "check.h"
#include "progress.h"

/* ---- named counts ---- */

/* ---- bots, seats ---- */

static void choose_bots(checker *c, long i) {
    int step = c->info->seat_step > 1 ? c->info->seat_step : 1;
    int ncounts = (c->max_seats - c->min_seats) / step + 1;
    c->nseats = c->min_seats + step * (int)(i % ncounts);
    int random = ((i / ncounts) % 2 == 0) || c->nown == 0;
    c->mixed = random && !c->given && c->nown > 0 && c->info->check_random < 1.0;
    /* Random bots rarely finish a long match (gin to 100): by default their
     * rounds stop after a few hands, every move of them still explored, and
     * the own bots' rounds play whole matches. */
    c->cap = random && !c->given && c->nown > 0 && !c->a->thorough;
    int k = 0;
    for (int seat = 1; seat <= c->nseats; seat++) {
        if (c->given) {
            c->bots[seat] = c->given[k];
            if (c->given[k + 1]) k++;
        } else if (random) {
            c->bots[seat] = "random";
        } else {
            c->bots[seat] = c->own[(i / (2 * ncounts) + seat - 1) % c->nown];
        }
    }
}

/* Is match i one of the sample played again and replayed from its log: one
 * match in each block of replay_every, at an offset that moves from block to
 * block, so the sample meets every seat count and kind of bots. */
static int is_sampled(const checker *c, long i) { return (i + i / c->replay_every) % c->replay_every == 0; }

/* Is match i one whose listed moves are all tried and checked for leaks:
 * try_matches of the sample, spread evenly over the run (a script cannot
 * wait for the first matches to pass), and replayed, so that its events can
 * be compared with those of a replay where nothing is tried. */
static int is_thorough(const checker *c, long i) {
    if (!is_sampled(c, i)) return 0;
    long nsample = (c->a->matches + c->replay_every - 1) / c->replay_every, j = i / c->replay_every;
    if (c->try_matches >= nsample) return 1;
    return j * c->try_matches % nsample < c->try_matches; /* exactly try_matches of them, the first too */
}

/* ---- a match ---- */

static int play_match(checker *c, long i) {
    c->match = i;
    c->seed = c->a->m.seed + (uint64_t)i;
    fuda_watch_match(c->e, i, c->seed); /* for the supervisor's verdict, should the engine die */
    choose_bots(c, i);
    int sampled = is_sampled(c, i), thorough = is_thorough(c, i);
    c->tried += thorough;
    c->prompted = c->evaluated = 0;
    fuda_check_forget_moves(c);
    fuda_engine *e = c->e;
    /* the events of a match of the sample are read (in the match played
     * again nobody reads them, in its replay from the log they are read and
     * compared): the others need no text */
    fuda_engine_on_event(e, sampled ? fuda_check_on_event : NULL, c);
    fuda_check_trace_reset(&c->stream);
    c->streaming = sampled;
    c->capturing = thorough; /* what the first deal shows */
    fuda_check_clear_events(c);
    int rc = fuda_engine_start(e, c->nseats, c->seed);
    c->capturing = 0;
    if (rc != 0) {
        fuda_check_fail_engine(c, 0, "the match does not start");
        return -1;
    }
    if (thorough && fuda_check_leak_rule_applies(c) && fuda_check_first_deal(c) < 0) return -1;
    if (fuda_check_zero_sum(c) < 0) return -1;
    for (;;) {
        int phase = fuda_engine_phase(e);
        if (phase == FUDA_PHASE_MATCH_OVER) break;
        if (fuda_engine_move_count(e) >= c->max_moves)
            return fuda_check_fail_at(c, 1, "the match did not end within %ld moves (%s)", c->max_moves,
                           c->info->check_max_moves ? "check.max_moves" : "the default bound; declare check.max_moves");
        if (phase == FUDA_PHASE_HAND_OVER) {
            c->hands_ended++;
            if (fuda_check_views(c) < 0) return -1;
            if (fuda_check_capped_now(c, e)) {
                c->capped++;
                break;
            }
            if (thorough && fuda_check_leak_rule_applies(c) && fuda_check_leak_checked(c, fuda_engine_move_count(e)) &&
                fuda_check_leaks(c, 0, NULL) < 0)
                return -1;
            if (fuda_engine_next_hand(e) != 0) {
                fuda_check_fail_engine(c, 0, "dealing hand %u failed", (unsigned)fuda_engine_state(e)->hand_no + 1);
                return -1;
            }
            if (fuda_check_zero_sum(c) < 0) return -1;
            continue;
        }
        if (phase != FUDA_PHASE_PLAYING) return fuda_check_fail_at(c, 0, "the match is in no phase to play (phase %d)", phase);
        if (fuda_check_step(c, thorough) < 0) return -1;
    }
    if (fuda_engine_phase(e) == FUDA_PHASE_MATCH_OVER) c->hands_ended++;
    if (fuda_check_views(c) < 0) return -1;
    c->matches++;
    c->seat_matches[c->nseats]++;
    /* the sample: played again with nobody reading its events, and replayed
     * from its log */
    c->streaming = 0;
    if (sampled && (fuda_check_rerun_match(c) < 0 || fuda_check_log_replay(c) < 0)) return -1;
    return 0;
}

/* ---- after a failure: the log file and the replay command ---- */

/* The log of the failed match as a new file (fuda_write_new_log: never
 * through a link planted where it goes); its path (malloc'd), or NULL. */
static char *save_log(const checker *c, const char *log) {
    char hint[96], out[4096];
    snprintf(hint, sizeof hint, "%s-%llu", c->info ? c->info->name : "variant", (unsigned long long)c->f.seed);
    if (fuda_write_new_log(hint, log, strlen(log), out, sizeof out) != 0) return NULL;
    return fuda_xstrdup(out);
}

static void finish_failure(checker *c) {
    /* does the log replay to the same state? if not, say so: the replay
     * command may then not stand exactly where the failure was */
    if (!c->f.note && c->f.message && !c->f.log_checked && !strstr(c->f.message, "in a fresh engine") &&
        fuda_engine_phase(c->e) != FUDA_PHASE_IDLE) {
        long at = 0;
        char *why = fuda_check_log_replay_differs(c, 0, &at);
        if (why) {
            fuda_buf b = FUDA_BUF_INIT;
            fuda_buf_addf(&b, "also, %s", why);
            c->f.note = fuda_buf_take(&b);
            free(why);
        }
    }
    char *log = fuda_check_match_log(c);
    c->f.log = save_log(c, log);
    free(log);
    if (c->f.log) {
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_adds(&b, "fuda play "); /* each word quoted: pasted, it runs this and only this */
        fuda_buf_shell(&b, c->a->m.variant);
        fuda_buf_adds(&b, " --replay ");
        fuda_buf_shell(&b, c->f.log);
        fuda_buf_addf(&b, " --to %ld", c->f.to);
        c->f.replay_command = fuda_buf_take(&b);
    }
}

/* ---- arguments and setup ---- */

static int parse_args(int argc, char **argv, check_args *s) {
    fuda_args a;
    fuda_args_init(&a, argc, argv);
    const char *arg, *v;
    int r;
    s->matches = CHECK_DEFAULT_MATCHES;
    long cores = sysconf(_SC_NPROCESSORS_ONLN); /* default: a thread per core */
    s->jobs = cores < 1 ? 1 : cores > CHECK_MAX_JOBS ? CHECK_MAX_JOBS : cores;
    s->m.seed = 1;
    while ((arg = fuda_args_next(&a)) != NULL) {
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fuda_print_help("check");
            return -1;
        }
        if ((r = fuda_args_match(&a, arg, &s->m)) != 0) {
            if (r != 1) return r;
        } else if ((r = fuda_args_flag(&a, arg, "-n", &v)) != 0) {
            if (r < 0 || fuda_args_long("check", "-n", v, 1, 100000000L, &s->matches)) return FUDA_EXIT_USAGE;
        } else if ((r = fuda_args_flag(&a, arg, "--from", &v)) != 0) {
            if (r < 0 || fuda_args_long("check", "--from", v, 1, 100000000L, &s->from)) return FUDA_EXIT_USAGE;
        } else if ((r = fuda_args_jobs(&a, arg, CHECK_MAX_JOBS, &s->jobs)) != 0) {
            if (r < 0) return FUDA_EXIT_USAGE;
        } else if (strcmp(arg, "--json") == 0) {
            s->json = 1;
        } else if (strcmp(arg, "--thorough") == 0) {
            s->thorough = 1;
        } else if (strcmp(arg, "--strict") == 0) {
            s->strict = 1;
        } else if ((r = fuda_args_shard(&a, arg, &s->sh)) != 0) {
            if (r < 0) return FUDA_EXIT_USAGE;
        } else if (arg[0] == '-' && arg[1]) {
            return fuda_usage_error("check", "unknown flag '%s'", arg);
        } else if (s->m.variant) {
            return fuda_usage_error("check", "unexpected argument '%s'", arg);
        } else {
            s->m.variant = arg;
        }
    }
    if (!s->m.variant) return fuda_usage_error("check", "missing FILE.lua or VARIANT");
    if (s->from > s->matches) return fuda_usage_error("check", "--from %ld is past -n %ld", s->from, s->matches);
    if (s->from < 1) s->from = 1;
    if (s->sh.n) s->json = 1; /* a shard's result is for fuda merge */
    return fuda_shard_split("check", &s->sh, s->matches - s->from + 1, "matches");
}

long fuda_check_count(const check_args *a) { return a->sh.len; }

/* Seats, bots and bounds from the loaded variant; 0 or a usage error. */
static int prepare(checker *c, char ***store) {
    const fuda_variant_info *info = c->info;
    c->min_seats = info->min_seats;
    c->max_seats = info->max_seats < FUDA_MAX_SEATS ? info->max_seats : FUDA_MAX_SEATS;
    if (c->a->m.seats) {
        int n = fuda_seat_count("check", c->e, &c->a->m);
        if (n == 0) return FUDA_EXIT_USAGE;
        c->min_seats = c->max_seats = n;
    }
    c->max_moves = info->check_max_moves > 0 ? info->check_max_moves : CHECK_DEFAULT_MAX_MOVES;
    c->try_matches = c->a->matches / CHECK_TRY_SHARE;
    if (c->try_matches < CHECK_TRY_MIN) c->try_matches = CHECK_TRY_MIN;
    c->replay_every = c->a->matches <= CHECK_REPLAYS ? 1 : (c->a->matches + CHECK_REPLAYS - 1) / CHECK_REPLAYS;
    c->own = fuda_xrealloc(NULL, (size_t)(info->nbots + 1) * sizeof *c->own);
    for (int i = 0; i < info->nbots; i++) c->own[c->nown++] = info->bots[i];
    if (c->a->m.bots) {
        const char *tmp[FUDA_MAX_SEATS + 1];
        int r = fuda_assign_bots("check", c->e, c->a->m.bots, 0, 1, tmp, store);
        if (r) return r;
        c->given = *store;
    }
    return 0;
}

/* ---- the workers ---- */

/* Play matches handed out by the pool until there are none left or a match
 * with a lower index than this one failed; stop at this worker's failure
 * (its engine stays as the failure left it). */
static void *worker_main(void *arg) {
    checker *c = arg;
    pool *p = c->pool;
    fuda_watch_thread(c->watch_slot);
    fuda_progress bar; /* drawn by worker 0 (c itself) only */
    fuda_progress_begin(&bar, c->show_progress, fuda_check_count(c->a), "matches");
    long nplay = fuda_check_count(c->a);
    for (;;) {
        pthread_mutex_lock(&p->mu);
        long j = p->next++, done = p->done, i = c->a->from - 1 + fuda_shard_unit(&c->a->sh, j);
        int stop = j >= nplay || i > p->fail_index;
        pthread_mutex_unlock(&p->mu);
        if (stop) break;
        fuda_progress_show(&bar, done);
        if (play_match(c, i) < 0) {
            pthread_mutex_lock(&p->mu);
            if (i < p->fail_index) p->fail_index = i;
            pthread_mutex_unlock(&p->mu);
            break;
        }
        pthread_mutex_lock(&p->mu);
        p->done++;
        pthread_mutex_unlock(&p->mu);
    }
    fuda_progress_end(&bar);
    return NULL;
}

/* Add what worker w exercised (and its engine's tallies) to c. */
static void merge(checker *c, const checker *w) {
    if (w != c) {
        c->matches += w->matches, c->moves += w->moves, c->tried += w->tried, c->tries += w->tries;
        c->illegal += w->illegal, c->replays += w->replays, c->views += w->views, c->rebots += w->rebots;
        c->leaks += w->leaks;
        c->capped += w->capped;
        c->ev_checks += w->ev_checks, c->log_replays += w->log_replays, c->prompts += w->prompts;
        c->evals += w->evals, c->claims += w->claims, c->hands_ended += w->hands_ended;
        for (int i = 0; i < w->bots_asked.n; i++)
            fuda_check_counts_add(&c->bots_asked, w->bots_asked.v[i].name, strlen(w->bots_asked.v[i].name), w->bots_asked.v[i].n);
        for (int n = 0; n <= FUDA_MAX_SEATS; n++) {
            c->seat_matches[n] += w->seat_matches[n];
            c->seat_moves[n] += w->seat_moves[n];
        }
        for (int i = 0; i < w->verbs.n; i++)
            fuda_check_counts_add(&c->verbs, w->verbs.v[i].name, strlen(w->verbs.v[i].name), w->verbs.v[i].n);
        for (int i = 0; i < w->listed.n; i++)
            fuda_check_counts_add(&c->listed, w->listed.v[i].name, strlen(w->listed.v[i].name), w->listed.v[i].n);
    }
    const fuda_tally *t;
    int n = fuda_engine_tallies(w->e, &t);
    for (int i = 0; i < n; i++) fuda_check_counts_add(&c->raw, t[i].name, strlen(t[i].name), t[i].count);
}

static void free_failure(failure *f) {
    free(f->message);
    free(f->log);
    free(f->replay_command);
    free(f->note);
    memset(f, 0, sizeof *f);
}

/* A worker's own things (not those it shares with c). */
static void free_outcome(outcome *o) {
    if (o) fuda_check_free_texts(o->ev);
    free(o);
}

static void free_worker(checker *w) {
    for (int i = 0; i < w->nmv; i++) free(w->mv[i]);
    free(w->mv);
    for (int s = 0; s <= FUDA_MAX_SEATS; s++) fuda_buf_free(&w->ev[s]);
    fuda_buf_free(&w->stream.b);
    for (int i = 0; i < w->captried; i++) fuda_check_free_texts(w->tried_moves[i].ev);
    free(w->tried_moves);
    free_outcome(w->real);
    free_outcome(w->trial);
    fuda_check_counts_free(&w->bots_asked);
    fuda_check_forget_moves(w);
    free(w->rec);
    fuda_check_counts_free(&w->verbs);
    fuda_check_counts_free(&w->listed);
    fuda_check_counts_free(&w->raw);
    free_failure(&w->f);
    if (w->e) fuda_engine_free(w->e);
}

/* Play every match on s->jobs workers: c itself (with its engine) and
 * copies of it, each with an engine of its own. Then c holds the sums and
 * the failure of the lowest failing match. 0, or FUDA_EXIT_FAIL when an
 * engine cannot be made. */
static int run_all(checker *c) {
    pool p;
    pthread_mutex_init(&p.mu, NULL);
    p.next = 0, p.fail_index = LONG_MAX, p.done = 0;
    long nplay = fuda_check_count(c->a);
    long nw = c->a->jobs < nplay ? c->a->jobs : nplay;
    checker **w = fuda_xrealloc(NULL, (size_t)nw * sizeof *w);
    pthread_t *th = fuda_xrealloc(NULL, (size_t)nw * sizeof *th);
    int r = 0;
    c->pool = &p;
    c->show_progress = !c->a->json && isatty(STDERR_FILENO);
    w[0] = c;
    c->watch_slot = 0;
    for (long k = 1; k < nw; k++) {
        w[k] = fuda_xrealloc(NULL, sizeof *c);
        memcpy(w[k], c, sizeof *c); /* nothing played yet: all counts empty */
        w[k]->watch_slot = (int)k;
        w[k]->show_progress = 0;
        w[k]->e = fuda_engine_new(&c->cfg);
        if (!w[k]->e || fuda_engine_load(w[k]->e, c->a->m.variant, c->a->m.opts, c->a->m.nopts) != 0) {
            r = fuda_fail("worker %ld: %s", k + 1, w[k]->e ? fuda_engine_error(w[k]->e) : "out of memory");
            nw = k + 1;
            break;
        }
        w[k]->info = fuda_engine_info(w[k]->e);
        fuda_engine_count_hooks(w[k]->e, 1);
    }
    long started = 0;
    if (r == 0) {
        for (long k = 1; k < nw; k++, started++)
            if (pthread_create(&th[k], NULL, worker_main, w[k]) != 0) break;
        worker_main(c);
        /* a thread that did not start played nothing: the others played its share */
        for (long k = 1; k <= started; k++) pthread_join(th[k], NULL);
    }
    checker *bad = NULL;
    for (long k = 0; k < nw; k++)
        if (w[k]->failed && (!bad || w[k]->f.match < bad->f.match)) bad = w[k];
    if (r == 0 && bad) finish_failure(bad);
    for (long k = 0; k < nw; k++)
        if (w[k]->e) merge(c, w[k]);
    if (r == 0 && bad && bad != c) {
        free_failure(&c->f);
        c->f = bad->f;
        memset(&bad->f, 0, sizeof bad->f);
        c->failed = 1;
    } else if (r == 0 && !bad) {
        c->failed = 0;
    }
    for (long k = 1; k < nw; k++) {
        free_worker(w[k]);
        free(w[k]);
    }
    free(w);
    free(th);
    pthread_mutex_destroy(&p.mu);
    c->pool = NULL;
    return r;
}

int fuda_cmd_check(int argc, char **argv, const fuda_config *cfg) {
    check_args s = { 0 };
    int r = parse_args(argc, argv, &s);
    if (r != 0) {
        fuda_match_args_free(&s.m);
        return r < 0 ? FUDA_EXIT_OK : r;
    }
    long think, iters;
    fuda_search_budget(&think, &iters);
    if (iters == 0) fuda_search_set_budget(think, CHECK_SEARCH_ITERS); /* by time, a replay would differ */
    checker *c = fuda_xrealloc(NULL, sizeof *c);
    memset(c, 0, sizeof *c);
    c->cfg = *cfg;
    c->cfg.paranoid = 1;
    c->a = &s;
    c->e = fuda_engine_new(&c->cfg);
    if (!c->e) {
        free(c);
        fuda_match_args_free(&s.m);
        return fuda_fail("out of memory");
    }
    char **store = NULL;
    r = FUDA_EXIT_OK;
    if (fuda_engine_load(c->e, s.m.variant, s.m.opts, s.m.nopts) != 0) {
        c->failed = 1;
        c->f.stage_load = 1;
        c->f.message = fuda_check_engine_err(c);
    } else {
        c->info = fuda_engine_info(c->e);
        r = prepare(c, &store);
        if (r == 0) {
            fuda_engine_count_hooks(c->e, 1);
            r = run_all(c);
            c->tables = fuda_engine_tables(c->e);
            if (r == 0 && s.strict && !s.sh.n && !c->failed) fuda_check_strict_coverage(c);
        }
    }
    if (r == 0) {
        char *shard = s.sh.n ? fuda_check_shard_json(c) : NULL;
        c->shard_json = shard;
        if (s.json) fuda_check_print_json(c);
        else fuda_check_print_text(c);
        fflush(stdout);
        c->shard_json = NULL;
        free(shard);
        r = c->failed ? FUDA_EXIT_FAIL : FUDA_EXIT_OK;
    }
    free(c->own);
    free_worker(c);
    fuda_words_free(store);
    free(c);
    fuda_match_args_free(&s.m);
    return r;
}
