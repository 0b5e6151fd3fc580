/* host.h -- the Lua environment for authors' own scripts (`fuda run FILE`,
 * the REPL's Lua lines): the safe standard libraries, print, and the fuda
 * module including fuda.match{...}, which starts a match of any variant and
 * drives it (moves, apply, bots, piles, scores) -- the way scenario tests are
 * written.
 *
 * The host never exits the process and never prints except through Lua's
 * print (stdout) and the error text it returns. */
#ifndef FUDA_HOST_H
#define FUDA_HOST_H

#include "engine.h"

typedef struct fuda_host fuda_host;

/* New host; NULL when out of memory. cfg is copied (strings must outlive it). */
fuda_host *fuda_host_new(const fuda_config *cfg);
void fuda_host_free(fuda_host *h);

/* Run a script file with arg = {[0]=path, ...args}. Returns 0 on success, or -1
 * with the message ("file:line: message" plus a traceback) in *err, owned by
 * the host until the next call. */
int fuda_host_run(fuda_host *h, const char *path, int argc, char **argv, const char **err);

/* Evaluate one REPL chunk the way lua.c does: first as "return <chunk>", then
 * as a statement. Returns 0 and stores the printed results (may be "") in
 * *out; 1 when the chunk is an incomplete statement (the caller reads another
 * line, appends it after a newline and calls again); -1 on an error with the
 * message in *out. *out is owned by the host until the next call. */
int fuda_host_eval(fuda_host *h, const char *chunk, const char **out);

/* Tab completion in the REPL: call add(ud, name) for each Lua name chain
 * completing `word` ("fuda.sh" -> "fuda.show", "s:up" -> "s:upper", "pr" ->
 * "print"): the globals, or the fields of the table a chain names, with the
 * tables of their __index chains. Only raw reads: no metamethod or other
 * script code runs, and a hostile table (cycles, a huge table, __index
 * functions) ends the walk in bounded time. Never fails; names are valid
 * during the call only. */
typedef void (*fuda_host_add_fn)(void *ud, const char *name);
void fuda_host_complete(fuda_host *h, const char *word, fuda_host_add_fn add, void *ud);

#endif
