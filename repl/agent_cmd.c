/* agent_cmd.c -- `fuda agent`: a match whose one seat is played over JSON
 * lines on stdin and stdout (the protocol is agent.c's), the others by bots
 * or by agents of their own. */
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "cli.h"
#include "input.h"
#include "runner.h"

int fuda_cmd_agent(int argc, char **argv, const fuda_config *cfg) {
    fuda_match_args m = { 0 };
    fuda_args a;
    fuda_args_init(&a, argc, argv);
    const char *arg, *v;
    long seat = 1;
    int r = 0;
    while (r == 0 && (arg = fuda_args_next(&a)) != NULL) {
        int f;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fuda_print_help("agent");
            fuda_match_args_free(&m);
            return FUDA_EXIT_OK;
        }
        if ((f = fuda_args_match(&a, arg, &m)) != 0) {
            if (f != 1) r = f;
        } else if ((f = fuda_args_flag(&a, arg, "--seat", &v)) != 0) {
            if (f < 0 || fuda_args_long("agent", "--seat", v, 1, FUDA_MAX_SEATS, &seat)) r = FUDA_EXIT_USAGE;
        } else if (arg[0] == '-' && arg[1]) {
            r = fuda_usage_error("agent", "unknown flag '%s'", arg);
        } else if (m.variant) {
            r = fuda_usage_error("agent", "unexpected argument '%s'", arg);
        } else {
            m.variant = arg;
        }
    }
    if (r == 0 && !m.variant) r = fuda_usage_error("agent", "missing VARIANT");
    if (!m.have_seed) m.seed = 1;
    fuda_engine *e = r == 0 ? fuda_open_variant(cfg, &m) : NULL;
    if (r == 0 && !e) r = FUDA_EXIT_FAIL;
    const char *bots[FUDA_MAX_SEATS + 1] = { 0 };
    char **store = NULL;
    int nseats = 0;
    if (r == 0 && (nseats = fuda_seat_count("agent", e, &m)) == 0) r = FUDA_EXIT_USAGE;
    if (r == 0 && seat > nseats) r = fuda_usage_error("agent", "--seat %ld: the match has %d seats", seat, nseats);
    if (r == 0) r = fuda_assign_bots("agent", e, m.bots, 1u << (seat - 1), nseats, bots, &store);
    if (r == 0) {
        fuda_agent *agents[FUDA_MAX_SEATS + 1] = { 0 };
        char *err = NULL;
        agents[seat] = fuda_agent_stdio((int)seat);
        for (int s = 1; s <= nseats && !err; s++)
            if (bots[s] && strncmp(bots[s], "cmd:", 4) == 0) agents[s] = fuda_agent_spawn(bots[s] + 4, s, &err);
        if (!err && fuda_play_match_agents(e, nseats, m.seed, bots, agents, NULL, &err) == 0) {
            for (int s = 1; s <= nseats; s++) fuda_agent_free(agents[s], e);
        } else {
            for (int s = 1; s <= nseats; s++) fuda_agent_free(agents[s], NULL);
            r = fuda_fail("%s", err ? err : "the match failed");
        }
        free(err);
    }
    fuda_words_free(store);
    fuda_engine_free(e);
    fuda_match_args_free(&m);
    return r;
}
