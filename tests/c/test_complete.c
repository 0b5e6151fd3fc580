/* test_complete.c -- unit tests for repl/complete.c: the candidates of Tab
 * completion for a line and cursor, in the REPL (commands, flags, variant
 * and option names, Lua name chains) and at the match prompt (commands,
 * legal moves word by word, cards, piles), and their common start. */
#include "test.h"
#include "../../repl/input.c"
#include "../../repl/complete.c"

/* ---- the REPL, with made-up sources ---- */

static const char *const commands[] = { "play", "sim", "check", "list", "rules", "run", "help", "quit", "exit", NULL };
static const char *const usage_play =
    "play VARIANT [--seed N] [--seat K] [--bots NAME,...] [--json]\n"
    "                 [--option NAME=VALUE]...\n"
    "  -j, --jobs N   threads (--option target=P is not a flag here)\n";
static char lua_word[64]; /* the word the Lua source was asked about */

static const char *usage(void *ud, const char *cmd) {
    return strcmp(cmd, "list") == 0 ? "list" : strcmp(cmd, "play") == 0 || strcmp(cmd, "sim") == 0 ? usage_play : NULL;
}
static void variants(void *ud, fuda_cands *out) {
    fuda_cands_add(out, "gin");
    fuda_cands_add(out, "gin-bicycle");
    fuda_cands_add(out, "zun");
}
static void options(void *ud, const char *variant, fuda_cands *out) {
    if (strcmp(variant, "gin") != 0) return;
    fuda_cands_add(out, "target=");
    fuda_cands_add(out, "knock_limit=");
}
static void lua(void *ud, const char *word, fuda_cands *out) {
    snprintf(lua_word, sizeof lua_word, "%s", word);
    static const char *const names[] = { "fuda.show", "fuda.shuffle", "fuda.card", "print", "pairs", "s:upper", NULL };
    for (const char *const *n = names; *n; n++) fuda_cands_add(out, *n);
}

static const fuda_repl_source src = { NULL, commands, usage, variants, options, lua };
static fuda_cands got = FUDA_CANDS_INIT;

/* The candidates, joined by sep, as they are (no card marks). */
static char joined[1024];
static const char *join(const fuda_cands *c, const char *sep) {
    joined[0] = '\0';
    for (int i = 0; i < c->n; i++) {
        size_t n = strlen(joined);
        snprintf(joined + n, sizeof joined - n, "%s%s", i ? sep : "", c->v[i]);
    }
    return joined;
}

/* The candidates for line (cursor at the end) joined by spaces. */
static const char *R(const char *line, int first) {
    fuda_cands_free(&got);
    got = (fuda_cands)FUDA_CANDS_INIT;
    lua_word[0] = '\0';
    fuda_complete_repl(line, (int)strlen(line), first, &src, &got);
    return join(&got, " ");
}

static void test_repl_commands(void) {
    CHECK_EQ_STR(R("pl", 1), "play");
    CHECK_EQ_INT(got.start, 0);
    CHECK_EQ_INT(got.append, ' ');
    CHECK_EQ_STR(R("  qu", 1), "quit");
    CHECK_EQ_INT(got.start, 2);
    CHECK_EQ_STR(R("p", 1), "pairs play print");
    CHECK_EQ_INT(got.append, '\0'); /* Lua names among them: no space after */
    CHECK_EQ_STR(R("pl", 0), "");   /* a continued Lua statement: no commands */
    CHECK_EQ_STR(R("help r", 1), "rules run");
    R("run sc", 1);
    CHECK_EQ_INT(got.files, 1);
    CHECK_EQ_STR(R("list ", 1), "");
}

static void test_repl_variants_and_flags(void) {
    CHECK_EQ_STR(R("play g", 1), "gin gin-bicycle");
    CHECK_EQ_INT(got.start, 5);
    CHECK_EQ_STR(R("play ", 1), "gin gin-bicycle zun");
    CHECK_EQ_STR(R("play gin ", 1), ""); /* the variant is there */
    CHECK_EQ_STR(R("play --seed 3 z", 1), "zun");
    CHECK_EQ_STR(R("play --json z", 1), "zun");
    CHECK_EQ_STR(R("play gin --se", 1), "--seat --seed");
    CHECK_EQ_STR(R("play gin -", 1), "--bots --help --jobs --json --option --seat --seed -j");
    CHECK_EQ_STR(R("play gin --seed ", 1), ""); /* a number goes there */
    CHECK_EQ_STR(R("play gin --option ", 1), "knock_limit= target=");
    CHECK_EQ_INT(got.append, '\0');
    CHECK_EQ_STR(R("play --seed 2 gin --option t", 1), "target=");
    CHECK_EQ_STR(R("play --option ", 1), ""); /* no variant yet */
    CHECK_EQ_STR(R("sim zun --option ", 1), "");
}

static void test_repl_lua(void) {
    CHECK_EQ_STR(R("fuda.sh", 1), "fuda.show fuda.shuffle");
    CHECK_EQ_STR(lua_word, "fuda.sh");
    CHECK_EQ_INT(got.start, 0);
    CHECK_EQ_INT(got.append, '\0');
    CHECK_EQ_STR(R("x = fuda.sh", 1), "fuda.show fuda.shuffle");
    CHECK_EQ_INT(got.start, 4);
    CHECK_EQ_STR(R("return print(s:u", 1), "s:upper");
    CHECK_EQ_INT(got.start, 13);
    CHECK_EQ_STR(R("list = pr", 1), "print"); /* list assigned: Lua, not the command */
    CHECK_EQ_STR(lua_word, "pr");
    CHECK_EQ_STR(R("play.x", 1), "");
    CHECK_EQ_STR(lua_word, "play.x");
    R("x = 1.5", 1);
    CHECK_EQ_STR(lua_word, ""); /* a number is no name */
    CHECK_EQ_STR(R("  fuda.c", 0), "fuda.card");
}

/* ---- the match prompt ---- */

static const char *const moves[] = { "draw", "take", "discard 7h", "knock 7h", "discard 10d",
                                     "discard Qc", "play 8c name s", "discard 7h" };
static const char *const piles[] = { "stock", "discard", "hand" };
static const char *const pcmds[] = { "help", "moves", "pile", "quit", NULL };
static const fuda_play_source psrc = { moves, 8, piles, 3, pcmds };

static const char *P(const char *line) {
    fuda_cands_free(&got);
    got = (fuda_cands)FUDA_CANDS_INIT;
    fuda_complete_play(line, (int)strlen(line), &psrc, &got);
    return join(&got, ",");
}

static void test_play(void) {
    CHECK_EQ_STR(P(""), "discard 10d,discard 7h,discard Qc,draw,knock 7h,play 8c name s,take");
    CHECK_EQ_INT(got.start, 0);
    CHECK_EQ_STR(P("disc"), "discard");
    CHECK_EQ_INT(got.append, ' ');
    CHECK_EQ_STR(P("d"), "discard,draw");
    CHECK_EQ_STR(P("DISC"), "discard");
    CHECK_EQ_STR(P("m"), "moves");
    CHECK_EQ_STR(P("discard "), "10d,7h,Qc");
    CHECK_EQ_INT(got.start, 8);
    CHECK_EQ_STR(P("discard q"), "Qc");
    CHECK_EQ_STR(P("d q"), "Qc");
    CHECK_EQ_STR(P("Disc  1"), "10d");
    CHECK_EQ_INT(got.start, 6);
    CHECK_EQ_STR(P("7"), "7h"); /* a card alone is a move */
    CHECK_EQ_STR(P("q"), "Qc,quit");
    CHECK_EQ_STR(P("play 8C "), "name"); /* the same card written another way */
    CHECK_EQ_STR(P("play C8 n"), "name");
    CHECK_EQ_STR(P("play 8c name "), "s");
    CHECK_EQ_STR(P("play 9c "), "");
    CHECK_EQ_STR(P("discard 7h "), "");
    CHECK_EQ_STR(P("k "), "7h");
    CHECK_EQ_STR(P("pile "), "discard,hand,stock");
    CHECK_EQ_STR(P("pile d"), "discard");
    CHECK_EQ_STR(P("moves "), "");
    CHECK_EQ_STR(P("x"), "");
}

static void test_common(void) {
    fuda_cands c = FUDA_CANDS_INIT;
    char *s = fuda_cands_common(&c);
    CHECK_EQ_STR(s, "");
    free(s);
    fuda_cands_add(&c, "discard 7h");
    fuda_cands_add(&c, "discard 10d");
    fuda_cands_add(&c, "discard 7h"); /* kept once */
    CHECK_EQ_INT(c.n, 2);
    s = fuda_cands_common(&c);
    CHECK_EQ_STR(s, "discard ");
    free(s);
    fuda_cands_add(&c, "Discard Qc");
    s = fuda_cands_common(&c);
    CHECK_EQ_STR(s, "");
    free(s);
    c.nocase = 1;
    s = fuda_cands_common(&c);
    CHECK_EQ_STR(s, "discard ");
    free(s);
    fuda_cands_free(&c);
    CHECK_EQ_INT(c.n, 0);
    c.prefix = "ab";
    fuda_cands_add(&c, "abc");
    fuda_cands_add(&c, "xbc");
    fuda_cands_add(&c, "a");
    CHECK_EQ_INT(c.n, 1);
    fuda_cands_free(&c);
}

static void cleanup(void) { fuda_cands_free(&got); }

TEST_MAIN(test_repl_commands, test_repl_variants_and_flags, test_repl_lua, test_play, test_common, cleanup)
