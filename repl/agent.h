/* agent.h -- the agent protocol: JSON lines between fuda and a program that
 * plays one seat. Each time the seat must act fuda writes one line
 *
 *   {"type":"act","seat":K,"seats":N,"hand":H,"move_no":M,"turn":T|null,
 *    "claim":KIND|null,"actors":[..],"scores":[..],("columns":{NAME:[..]},)
 *    "piles":[{"name":..,
 *    "owner":S|null,"size":N,"cards":[visible cards],"hidden":N},..],
 *    "view":"the seat's view text","moves":[legal moves],"events":[..]}
 *
 * with only what that seat may see (the events are those shown to it since
 * its last line), and reads one answer: {"move":"..."} or the move's bare
 * text (typed loosely, as at the play prompt). A bad answer gets
 * {"type":"error","error":"..."} and the act line again. At the end of the
 * match: {"type":"over","scores":[..],"winners":[..]}. */
#ifndef FUDA_AGENT_H
#define FUDA_AGENT_H

#include <stdio.h>
#include "buf.h"
#include "cli.h"
#include "json.h" /* the JSON string writer the protocol uses */

typedef struct fuda_agent fuda_agent;


/* The move an answer line names, before matching: the "move" string of a
 * JSON object, or the trimmed line. NULL with *err set (static text) for a
 * malformed or empty answer; else malloc'd. */
char *fuda_agent_parse_answer(const char *line, const char **err);

/* An agent on a program: "cmd:PROGRAM" runs PROGRAM with /bin/sh -c, its
 * stdin and stdout piped to fuda, its stderr fuda's own. NULL with *err
 * (malloc'd) when it cannot be started. fuda_agent_stdio plays over fuda's
 * own stdin and stdout (fuda agent), waiting without a bound. */
fuda_agent *fuda_agent_spawn(const char *program, int seat, char **err);
fuda_agent *fuda_agent_stdio(int seat);

/* Show text to the agent with its next line (an event it was shown). At most
 * FUDA_AGENT_MAX_EVENTS events, FUDA_AGENT_MAX_EVENT_BYTES bytes, wait for one
 * line: past that they are dropped and fuda_agent_choose fails. */
#define FUDA_AGENT_MAX_EVENTS 100000
#define FUDA_AGENT_MAX_EVENT_BYTES (16 << 20)
void fuda_agent_event(fuda_agent *a, const char *text);

/* Ask the agent for a move of its seat and return it (malloc'd), checked
 * legal with fuda_engine_try; bad answers get an error line and the question
 * again (a program: at most FUDA_AGENT_TRIES times). NULL with *err (malloc'd)
 * when the agent ended, gave no answer within FUDA_AGENT_WAIT ms, or kept
 * answering badly. The wait is $FUDA_AGENT_WAIT ms when it holds a number
 * from 1 to 3600000 (fuda_agent_wait), else FUDA_AGENT_WAIT. */
#define FUDA_AGENT_TRIES 5
#define FUDA_AGENT_WAIT 10000
long fuda_agent_wait(void);
char *fuda_agent_choose(fuda_agent *a, fuda_engine *e, char **err);

/* Tell the agent the match is over (when e's match ended), end its program
 * (stdin closed, then at most a second's wait, then SIGKILL) and free it. */
void fuda_agent_free(fuda_agent *a, fuda_engine *e);


#endif
