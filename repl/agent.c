/* agent.c -- the agent protocol (see agent.h): what a seat may see as one
 * JSON line (the seat's observation, lua-bindings/observe.c), answers read
 * back, external programs on pipes with bounded waits. (The `fuda agent`
 * command is agent_cmd.c.) */
#include "agent.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "input.h"
#include "json.h"
#include "observe.h"
#include "spawn.h"

#define LINE_MAX_BYTES (64 * 1024) /* a longer answer is an error */

struct fuda_agent {
    int seat;
    int in_fd, out_fd; /* fuda reads in_fd, writes out_fd */
    int is_program;    /* 0: fuda's own stdin/stdout */
    fuda_proc proc;    /* the program, when is_program */
    char *program;
    char **events;
    int nevents;
    size_t evbytes;    /* bytes of the events waiting */
    int overflow;      /* more waited than FUDA_AGENT_MAX_EVENTS or _EVENT_BYTES */
    char buf[LINE_MAX_BYTES];
    size_t blen;       /* bytes read not yet taken as a line */
    int eof;
};

/* ---- what a seat sees ---- */

static void add_scores(fuda_buf *b, fuda_engine *e, int nseats) {
    fuda_buf_adds(b, "[");
    for (int s = 1; s <= nseats; s++) fuda_buf_addf(b, "%s%d", s > 1 ? "," : "", fuda_engine_total(e, s, 1));
    fuda_buf_adds(b, "]");
}

/* The act line for a's seat (without the newline): the seat's observation
 * (lua-bindings/observe.c) with the events waiting for it, which are then
 * gone; -1 with the engine's error. */
static int observe(fuda_agent *a, fuda_engine *e, fuda_buf *b) {
    char *obs = fuda_engine_observe(e, a->seat, (const char *const *)a->events, a->nevents);
    if (!obs) return -1;
    fuda_buf_adds(b, obs);
    free(obs);
    for (int i = 0; i < a->nevents; i++) free(a->events[i]);
    a->nevents = 0;
    a->evbytes = 0;
    return 0;
}

/* The events wait for the agent's next line: at most FUDA_AGENT_MAX_EVENTS of
 * them, FUDA_AGENT_MAX_EVENT_BYTES together (a seat that never acts while the
 * variant talks would keep them all); past that they are dropped and the
 * agent's next question fails the match (fuda_agent_choose). */
void fuda_agent_event(fuda_agent *a, const char *text) {
    size_t len = strlen(text) + 1;
    if (a->overflow) return;
    if (a->nevents >= FUDA_AGENT_MAX_EVENTS || a->evbytes + len > FUDA_AGENT_MAX_EVENT_BYTES) {
        a->overflow = 1;
        return;
    }
    if ((a->nevents & (a->nevents - 1)) == 0) /* room doubles at each power of two */
        a->events = fuda_xrealloc(a->events, (size_t)(a->nevents ? 2 * a->nevents : 1) * sizeof *a->events);
    a->events[a->nevents++] = fuda_xstrdup(text);
    a->evbytes += len;
}

/* ---- answers ---- */

static const char *skip_ws(const char *s) {
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') s++;
    return s;
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Parse the JSON string at *ps (at its opening quote) into b; -1 if malformed.
 * Escapes above U+007F are refused: moves are ASCII. */
static int parse_string(const char **ps, fuda_buf *b) {
    const char *s = *ps;
    if (*s++ != '"') return -1;
    for (; *s != '"'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20) return -1;
        if (c != '\\') {
            fuda_buf_addc(b, (char)c);
            continue;
        }
        c = (unsigned char)*++s;
        switch (c) {
        case '"': case '\\': case '/': fuda_buf_addc(b, (char)c); break;
        case 'n': fuda_buf_addc(b, '\n'); break;
        case 't': fuda_buf_addc(b, '\t'); break;
        case 'r': fuda_buf_addc(b, '\r'); break;
        case 'b': fuda_buf_addc(b, '\b'); break;
        case 'f': fuda_buf_addc(b, '\f'); break;
        case 'u': {
            int v = 0;
            for (int k = 1; k <= 4; k++) {
                int h = hexval(s[k]);
                if (h < 0) return -1;
                v = v * 16 + h;
            }
            if (v == 0 || v > 0x7f) return -1;
            fuda_buf_addc(b, (char)v);
            s += 4;
            break;
        }
        default: return -1;
        }
    }
    *ps = s + 1;
    return 0;
}

char *fuda_agent_parse_answer(const char *line, const char **err) {
    const char *s = skip_ws(line);
    if (*s != '{') {
        size_t n = strlen(s);
        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n')) n--;
        if (n == 0) {
            *err = "empty answer: expected {\"move\":\"...\"} or a move";
            return NULL;
        }
        char *m = fuda_xrealloc(NULL, n + 1);
        memcpy(m, s, n);
        m[n] = '\0';
        return m;
    }
    char *move = NULL;
    s = skip_ws(s + 1);
    *err = "the answer has no \"move\"";
    if (*s == '}' && *skip_ws(s + 1) == '\0') goto fail;
    *err = "malformed JSON: expected {\"move\":\"...\"}";
    for (;;) {
        fuda_buf key = FUDA_BUF_INIT, val = FUDA_BUF_INIT;
        if (parse_string(&s, &key) != 0) goto bad;
        s = skip_ws(s);
        if (*s++ != ':') goto bad;
        s = skip_ws(s);
        if (*s != '"' || parse_string(&s, &val) != 0) goto bad;
        if (key.p && strcmp(key.p, "move") == 0) {
            free(move);
            move = fuda_buf_take(&val);
        }
        fuda_buf_free(&key);
        fuda_buf_free(&val);
        s = skip_ws(s);
        if (*s == '}') break;
        if (*s++ != ',') goto fail;
        s = skip_ws(s);
        continue;
    bad:
        fuda_buf_free(&key);
        fuda_buf_free(&val);
        goto fail;
    }
    if (*skip_ws(s + 1) != '\0') goto fail;
    if (!move || !*move) {
        *err = "the answer has no \"move\"";
        goto fail;
    }
    return move;
fail:
    free(move);
    return NULL;
}

/* ---- programs ---- */

static fuda_agent *agent_new(int seat) {
    fuda_agent *a = fuda_xrealloc(NULL, sizeof *a);
    memset(a, 0, sizeof *a);
    a->seat = seat;
    return a;
}

fuda_agent *fuda_agent_spawn(const char *program, int seat, char **err) {
    int to_child, from_child;
    char why[512];
    fuda_proc proc;
    signal(SIGPIPE, SIG_IGN); /* a dead agent is seen as EPIPE, not a signal */
    if (fuda_proc_start(program, &proc, &to_child, &from_child, why, sizeof why) != 0) {
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_addf(&b, "agent '%s': cannot start: %s", program, why);
        *err = fuda_buf_take(&b);
        return NULL;
    }
    fcntl(to_child, F_SETFL, fcntl(to_child, F_GETFL) | O_NONBLOCK); /* writes wait at most the agent's time */
    fuda_agent *a = agent_new(seat);
    a->is_program = 1;
    a->proc = proc;
    a->out_fd = to_child;
    a->in_fd = from_child;
    a->program = fuda_xstrdup(program);
    return a;
}

fuda_agent *fuda_agent_stdio(int seat) {
    fuda_agent *a = agent_new(seat);
    a->in_fd = 0;
    a->out_fd = 1;
    a->program = fuda_xstrdup("stdin");
    return a;
}

static void pause_ms(long ms) {
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {}
}

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Write the line and a newline: 0, -1 when the agent is gone, -2 when a
 * program did not take it within fuda_agent_wait() ms (its stdin is
 * non-blocking: a program that never reads cannot hold fuda up). */
static int send_line(fuda_agent *a, const char *line) {
    size_t len = strlen(line);
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_addn(&b, line, len);
    fuda_buf_addc(&b, '\n');
    size_t off = 0;
    int r = 0;
    double deadline = now_ms() + (double)fuda_agent_wait();
    while (off < b.len) {
        ssize_t w = write(a->out_fd, b.p + off, b.len - off);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            double left = deadline - now_ms();
            struct pollfd pfd = { a->out_fd, POLLOUT, 0 };
            if (left <= 0) {
                r = -2;
                break;
            }
            poll(&pfd, 1, (int)left + 1);
            continue;
        }
        if (w <= 0) {
            r = -1;
            break;
        }
        off += (size_t)w;
    }
    fuda_buf_free(&b);
    return r;
}

long fuda_agent_wait(void) {
    const char *v = getenv("FUDA_AGENT_WAIT");
    char *end;
    long ms = v && *v ? strtol(v, &end, 10) : 0;
    if (!v || !*v || *end || ms < 1 || ms > 3600000L) return FUDA_AGENT_WAIT;
    return ms;
}

/* The next line (malloc'd, without its newline), or NULL: *why is "eof",
 * "timeout", "too long" or "error". A program is waited for at most
 * fuda_agent_wait() ms in all; fuda's stdin without a bound. */
static char *read_line(fuda_agent *a, const char **why) {
    double deadline = now_ms() + (double)fuda_agent_wait();
    for (;;) {
        char *nl = memchr(a->buf, '\n', a->blen);
        if (nl) {
            size_t n = (size_t)(nl - a->buf);
            char *line = fuda_xrealloc(NULL, n + 1);
            memcpy(line, a->buf, n);
            line[n] = '\0';
            memmove(a->buf, nl + 1, a->blen - n - 1);
            a->blen -= n + 1;
            return line;
        }
        if (a->eof) {
            *why = "eof";
            return NULL;
        }
        if (a->blen == sizeof a->buf) {
            *why = "too long";
            return NULL;
        }
        if (a->is_program) {
            double left = deadline - now_ms();
            if (left <= 0) {
                *why = "timeout";
                return NULL;
            }
            struct pollfd pfd = { a->in_fd, POLLIN, 0 };
            int pr = poll(&pfd, 1, (int)left + 1);
            if (pr < 0 && errno == EINTR) continue;
            if (pr == 0) continue;
            if (pr < 0) {
                *why = "error";
                return NULL;
            }
        }
        ssize_t r = read(a->in_fd, a->buf + a->blen, sizeof a->buf - a->blen);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) {
            *why = "error";
            return NULL;
        }
        if (r == 0) {
            a->eof = 1;
            if (a->blen > 0 && a->blen < sizeof a->buf) { /* a last line without its newline */
                a->buf[a->blen] = '\n';
                a->blen++;
            }
            continue;
        }
        a->blen += (size_t)r;
    }
}

/* Why the agent stopped answering, for a message (malloc'd). */
static char *gone(fuda_agent *a, const char *why) {
    fuda_buf b = FUDA_BUF_INIT;
    if (!a->is_program) {
        fuda_buf_addf(&b, "agent: stdin ended before the match did");
        return fuda_buf_take(&b);
    }
    if (strcmp(why, "timeout") == 0) {
        fuda_buf_addf(&b, "agent '%s' (seat %d) gave no answer within %ld ms", a->program, a->seat,
                      fuda_agent_wait());
    } else if (strcmp(why, "not reading") == 0) {
        fuda_buf_addf(&b, "agent '%s' (seat %d) did not read its input within %ld ms", a->program, a->seat,
                      fuda_agent_wait());
    } else if (strcmp(why, "too long") == 0) {
        fuda_buf_addf(&b, "agent '%s' (seat %d) sent a line longer than %d bytes", a->program, a->seat,
                      LINE_MAX_BYTES);
    } else {
        int status = 0;
        int ended = fuda_proc_poll(&a->proc, &status);
        if (ended == 0) { /* closed its stdout but lives: give it a moment */
            pause_ms(100);
            ended = fuda_proc_poll(&a->proc, &status);
        }
        if (ended == 1) {
            if (WIFEXITED(status))
                fuda_buf_addf(&b, "agent '%s' (seat %d) exited with status %d before the match ended", a->program,
                              a->seat, WEXITSTATUS(status));
            else
                fuda_buf_addf(&b, "agent '%s' (seat %d) was killed by signal %d", a->program, a->seat,
                              WIFSIGNALED(status) ? WTERMSIG(status) : 0);
        } else {
            fuda_buf_addf(&b, "agent '%s' (seat %d) closed its output before the match ended", a->program, a->seat);
        }
    }
    return fuda_buf_take(&b);
}

static void send_error(fuda_agent *a, const char *msg) {
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_adds(&b, "{\"type\":\"error\",\"error\":");
    fuda_json_str(&b, msg);
    fuda_buf_adds(&b, "}");
    send_line(a, b.p);
    fuda_buf_free(&b);
}

/* The legal move `answer` names (malloc'd), or NULL with *msg (malloc'd). */
static char *match_move(fuda_engine *e, int seat, const char *answer, char **msg) {
    const char *const *moves;
    int n = fuda_engine_moves(e, seat, &moves);
    if (n <= 0) {
        *msg = fuda_xstrdup(n < 0 ? fuda_engine_error(e) : "the seat has no move now");
        return NULL;
    }
    int k = fuda_input_match(answer, moves, n, msg);
    if (k == FUDA_INPUT_NOT_LEGAL) {
        free(*msg);
        *msg = fuda_input_refusal(answer, NULL, moves, n);
        return NULL;
    }
    if (k < 0) return NULL;
    char *mv = fuda_xstrdup(moves[k]);
    if (fuda_engine_try(e, seat, mv) != 0) {
        *msg = fuda_xstrdup(fuda_engine_error(e));
        free(mv);
        return NULL;
    }
    return mv;
}

char *fuda_agent_choose(fuda_agent *a, fuda_engine *e, char **err) {
    *err = NULL;
    if (a->overflow) {
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_addf(&b, "more than %d events or %d MiB of them waited for the agent of seat %d "
                      "(the variant says too much between its turns): the match is stopped",
                      FUDA_AGENT_MAX_EVENTS, FUDA_AGENT_MAX_EVENT_BYTES >> 20, a->seat);
        *err = fuda_buf_take(&b);
        return NULL;
    }
    for (int tries = 0; !a->is_program || tries < FUDA_AGENT_TRIES; tries++) {
        fuda_buf b = FUDA_BUF_INIT;
        if (observe(a, e, &b) != 0) {
            fuda_buf_free(&b);
            *err = fuda_xstrdup(fuda_engine_error(e));
            return NULL;
        }
        int w = send_line(a, b.p);
        fuda_buf_free(&b);
        if (w != 0) {
            *err = gone(a, w == -2 ? "not reading" : "eof");
            return NULL;
        }
        if (!a->is_program) fflush(stdout);
        const char *why, *perr;
        char *line = read_line(a, &why);
        if (!line) {
            *err = gone(a, why);
            return NULL;
        }
        char *answer = fuda_agent_parse_answer(line, &perr);
        free(line);
        if (!answer) {
            send_error(a, perr);
            continue;
        }
        char *msg = NULL;
        char *mv = match_move(e, a->seat, answer, &msg);
        free(answer);
        if (mv) return mv;
        send_error(a, msg ? msg : "not a legal move");
        free(msg);
    }
    fuda_buf b = FUDA_BUF_INIT;
    fuda_buf_addf(&b, "agent '%s' (seat %d) gave %d bad answers in a row", a->program, a->seat, FUDA_AGENT_TRIES);
    *err = fuda_buf_take(&b);
    return NULL;
}

void fuda_agent_free(fuda_agent *a, fuda_engine *e) {
    if (!a) return;
    if (e && fuda_engine_phase(e) == FUDA_PHASE_MATCH_OVER) {
        int nseats = fuda_engine_state(e)->nseats;
        unsigned w = fuda_engine_winners(e);
        fuda_buf b = FUDA_BUF_INIT;
        fuda_buf_adds(&b, "{\"type\":\"over\",\"scores\":");
        add_scores(&b, e, nseats);
        fuda_buf_adds(&b, ",\"winners\":[");
        int best = 0, nbest = 0, k = 0;
        for (int s = 1; s <= nseats; s++) {
            int t = fuda_engine_total(e, s, 1);
            if (s == 1 || t > best) best = t, nbest = 1;
            else if (t == best) nbest++;
        }
        for (int s = 1; s <= nseats; s++)
            if (w ? (w & (1u << (s - 1))) : (nbest == 1 && fuda_engine_total(e, s, 1) == best))
                fuda_buf_addf(&b, "%s%d", k++ ? "," : "", s);
        fuda_buf_adds(&b, "],\"events\":[");
        for (int i = 0; i < a->nevents; i++) {
            if (i) fuda_buf_addc(&b, ',');
            fuda_json_str(&b, a->events[i]);
        }
        fuda_buf_adds(&b, "]}");
        send_line(a, b.p);
        fuda_buf_free(&b);
        if (!a->is_program) fflush(stdout);
    }
    for (int i = 0; i < a->nevents; i++) free(a->events[i]);
    free(a->events);
    if (a->is_program) {
        close(a->out_fd);
        close(a->in_fd);
        fuda_proc_end(&a->proc);
    }
    free(a->program);
    free(a);
}
