/* symtab.c -- the interned-string table: a growable array of strings (the id
 * is the index; id 0 is "") and an open-addressing hash index over it with
 * linear probing. Strings are stored with their length, NUL-terminated. */
#include "symtab.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct sym {
    char *text;
    size_t len;
    uint32_t hash;
} sym;

struct fuda_symtab {
    sym *syms;      /* syms[id] */
    int nsyms;
    int capsyms;
    int *slots;     /* hash index: id, or -1 for empty */
    uint32_t nslots; /* power of two */
};

static uint32_t hash_bytes(const char *s, size_t len) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= 16777619u;
    }
    return h;
}

/* Slot holding the string, or the empty slot where it would go. */
static uint32_t find_slot(const fuda_symtab *t, const char *s, size_t len, uint32_t h) {
    uint32_t mask = t->nslots - 1;
    for (uint32_t i = h & mask;; i = (i + 1) & mask) {
        int id = t->slots[i];
        if (id < 0) return i;
        const sym *y = &t->syms[id];
        if (y->hash == h && y->len == len && memcmp(y->text, s, len) == 0) return i;
    }
}

/* Rebuild the index with n slots. */
static int rehash(fuda_symtab *t, uint32_t n) {
    int *slots = malloc(n * sizeof *slots);
    if (!slots) return -1;
    for (uint32_t i = 0; i < n; i++) slots[i] = -1;
    free(t->slots);
    t->slots = slots;
    t->nslots = n;
    for (int id = 0; id < t->nsyms; id++) {
        const sym *y = &t->syms[id];
        t->slots[find_slot(t, y->text, y->len, y->hash)] = id;
    }
    return 0;
}

/* Append a copy of s as a new id (index not updated). */
static int append(fuda_symtab *t, const char *s, size_t len, uint32_t h) {
    if (t->nsyms == t->capsyms) {
        int cap = t->capsyms ? t->capsyms * 2 : 16;
        sym *ns = realloc(t->syms, (size_t)cap * sizeof *ns);
        if (!ns) return -1;
        t->syms = ns;
        t->capsyms = cap;
    }
    char *text = malloc(len + 1);
    if (!text) return -1;
    if (len) memcpy(text, s, len);
    text[len] = '\0';
    t->syms[t->nsyms] = (sym){ text, len, h };
    return t->nsyms++;
}

fuda_symtab *fuda_symtab_new(void) {
    fuda_symtab *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    if (append(t, "", 0, hash_bytes("", 0)) < 0 || rehash(t, 32) < 0) {
        fuda_symtab_free(t);
        return NULL;
    }
    return t;
}

void fuda_symtab_free(fuda_symtab *t) {
    if (!t) return;
    for (int i = 0; i < t->nsyms; i++) free(t->syms[i].text);
    free(t->syms);
    free(t->slots);
    free(t);
}

int fuda_symtab_intern(fuda_symtab *t, const char *s, size_t len) {
    if (!t || len > FUDA_SYMTAB_MAXLEN || (!s && len)) return -1;
    if (!s) s = "";
    uint32_t h = hash_bytes(s, len);
    uint32_t slot = find_slot(t, s, len, h);
    if (t->slots[slot] >= 0) return t->slots[slot];
    /* keep the load factor at most 1/2 */
    if ((uint32_t)(t->nsyms + 1) * 2 > t->nslots) {
        if (rehash(t, t->nslots * 2) < 0) return -1;
        slot = find_slot(t, s, len, h);
    }
    int id = append(t, s, len, h);
    if (id < 0) return -1;
    t->slots[slot] = id;
    return id;
}

int fuda_symtab_lookup(const fuda_symtab *t, const char *s, size_t len) {
    if (!t || len > FUDA_SYMTAB_MAXLEN || (!s && len)) return -1;
    if (!s) s = "";
    uint32_t h = hash_bytes(s, len);
    return t->slots[find_slot(t, s, len, h)];
}

const char *fuda_symtab_name(const fuda_symtab *t, int id, size_t *len) {
    if (!t || id < 0 || id >= t->nsyms) return NULL;
    if (len) *len = t->syms[id].len;
    return t->syms[id].text;
}
