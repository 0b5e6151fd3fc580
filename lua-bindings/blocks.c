/* blocks.c -- small memory blocks the engines' Lua states free, kept per
 * thread for their next allocations of the same size (limits.c's allocator
 * calls these).
 *
 * Most of what a move allocates and frees is small: the list a moves hook
 * returns, its array, a closure, a string. glibc's malloc and free cost some
 * 100 to 200 instructions each; taking a block from a list of free blocks of
 * its size class, a few. So a block of at most MAX bytes comes from, and goes
 * back to, the calling thread's list for its class (sizes rounded up to what
 * a chunk of malloc's holds: 24, 40, 56 ...; a block always has its class's
 * full size), at most KEEP bytes kept in all per thread; the rest is
 * malloc's. The lists are per
 * thread, not per engine: the many engines a thread may keep alive (a host
 * script's matches) share one, so an idle engine holds no freed memory. A
 * block may go back on another thread than the one it came from: they are
 * all malloc's. A thread's lists are given back to malloc when it ends.
 * The counting of a state's memory (limits.c's mem_used) is Lua's sizes,
 * untouched by this. Under AddressSanitizer nothing is kept, so that it sees
 * every use of a freed block.
 *
 * Failure: fuda_blocks_realloc returns NULL (the old block untouched) when
 * malloc does. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "budget.h"

#define CLASSES 32                   /* of 24, 40, 56, ... 520 bytes: */
#define MAX (16 * CLASSES + 8)       /* what glibc's chunks of 32, 48, ... hold */
#if defined(__SANITIZE_ADDRESS__)
#define KEEP 0
#else
#define KEEP ((size_t)256 << 10)
#endif

typedef struct kept { void *head[CLASSES]; size_t bytes; int armed; } kept;
static __thread kept here;

static pthread_key_t end_key;
static int end_key_ok;
static pthread_once_t end_once = PTHREAD_ONCE_INIT;

/* A thread ends: its blocks go back to malloc. */
static void release(void *unused) {
    (void)unused;
    for (int c = 0; c < CLASSES; c++)
        while (here.head[c]) {
            void *p = here.head[c];
            here.head[c] = *(void **)p;
            free(p);
        }
    here.bytes = 0;
    here.armed = 0;
}

static void make_key(void) {
    end_key_ok = pthread_key_create(&end_key, release) == 0;
}

/* The first block a thread keeps: have release run when it ends (0), or -1
 * when that cannot be arranged (then nothing is kept). */
static int arm(void) {
    pthread_once(&end_once, make_key);
    if (!end_key_ok || pthread_setspecific(end_key, &here) != 0) return -1;
    here.armed = 1;
    return 0;
}

/* The class of a block of n bytes (0 for 1..24, 1 for 25..40, ...), or -1:
 * not a small one. */
static int class_of(size_t n) {
    if (n == 0 || n > MAX) return -1;
    return n <= 24 ? 0 : (int)((n - 9) / 16);
}

static size_t class_size(int c) { return (size_t)c * 16 + 24; }

void fuda_blocks_free(void *p, size_t size) {
    if (!p) return;
    int c = class_of(size);
    if (c < 0 || here.bytes + class_size(c) > KEEP || (!here.armed && arm() < 0)) {
        free(p);
        return;
    }
    *(void **)p = here.head[c];
    here.head[c] = p;
    here.bytes += class_size(c);
}

/* A block of class c: a kept one, or a new one from malloc. */
static void *take(int c) {
    void *p = here.head[c];
    if (!p) return malloc(class_size(c));
    here.head[c] = *(void **)p;
    here.bytes -= class_size(c);
    return p;
}

void *fuda_blocks_realloc(void *p, size_t osize, size_t nsize) {
    int oc = p ? class_of(osize) : -1, nc = class_of(nsize);
    if (p && oc >= 0 && oc == nc) return p; /* the block has the room already */
    if (nc < 0 && oc < 0) return realloc(p, nsize);
    void *q = nc >= 0 ? take(nc) : malloc(nsize);
    if (!q) return NULL;
    if (p) {
        memcpy(q, p, osize < nsize ? osize : nsize);
        fuda_blocks_free(p, osize);
    }
    return q;
}
