/* sanitizer.h -- UNDER_SANITIZER: 1 when built with AddressSanitizer, whose
 * runtime needs what the sandbox otherwise takes away (its leak check clones
 * a tracer and ptraces the threads, reads /proc/self, reserves terabytes of
 * address space, and reports a crash from its own signal handlers). */
#ifndef FUDA_SANITIZER_H
#define FUDA_SANITIZER_H

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_SANITIZER 1
#endif
#endif
#ifndef UNDER_SANITIZER
#define UNDER_SANITIZER 0
#endif

#endif
