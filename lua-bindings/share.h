/* share.h -- share.c: an engine's Lua state and the engines sharing it
 * (engine.h's fuda_engine_new_sharing). Included by engine.c, which makes,
 * joins and leaves states. */
#ifndef FUDA_SHARE_H
#define FUDA_SHARE_H

#include "engine.h"

/* fuda_vm_open makes e a new state, e its only user and current engine: 0,
 * or -1 when out of memory (e's vm NULL). fuda_vm_join makes e (no variant
 * loaded) a user of owner's state, with a copy of owner's variant part.
 * fuda_vm_leave: e stops using its state (its vm and L NULL after): its
 * match's objects are retired (a handle a script kept fails cleanly) and
 * its references dropped; the last user closes the state and gets 1 (the
 * variant's texts are then its to free), the others 0. */
int fuda_vm_open(fuda_engine *e);
void fuda_vm_join(fuda_engine *e, fuda_engine *owner);
int fuda_vm_leave(fuda_engine *e);

#endif
