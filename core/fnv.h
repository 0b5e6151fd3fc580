/* fnv.h -- FNV-1a, 64 bits: a quick fingerprint of bytes (not for hash
 * tables fed by an attacker, not cryptographic). Start from FUDA_FNV_BASIS
 * and feed pieces in order; the result of one call feeds the next. */
#ifndef FUDA_FNV_H
#define FUDA_FNV_H

#include <stddef.h>
#include <stdint.h>

#define FUDA_FNV_BASIS 14695981039346656037ULL
#define FUDA_FNV_PRIME 1099511628211ULL

static inline uint64_t fuda_fnv1a(uint64_t h, const void *p, size_t n) {
    const unsigned char *s = (const unsigned char *)p;
    for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * FUDA_FNV_PRIME;
    return h;
}

#endif
