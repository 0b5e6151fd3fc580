/* input.h -- what a user types, turned into words and into legal moves.
 *
 * Moves are typed loosely: cards in any form fuda_card_parse accepts (7h, H7,
 * 10s, Ts, qd), words in any case and shortened to a prefix, and words of the
 * move left out ("7h" for "discard 7h", "k 7h" for "knock 7h", "t" for
 * "take"), as long as one legal move fits best. A card is always typed whole:
 * a letter alone ("k", "a") is never a king or an ace. */
#ifndef FUDA_INPUT_H
#define FUDA_INPUT_H

/* Split line into words: blanks separate them, '...' and "..." group blanks
 * into one word (the quotes are dropped). Stores a malloc'd NULL-terminated
 * array in *words (free with fuda_words_free) and returns the count. */
int fuda_split_words(const char *line, char ***words);
void fuda_words_free(char **words);

#define FUDA_INPUT_NOT_LEGAL (-2)

/* The legal move that `line` designates, as an index into moves[0..n). When
 * there is none, or several, returns -1 and stores a message for the user in
 * *msg (malloc'd, caller frees): "ambiguous: discard 7h or knock 7h", "'7x' is
 * not a card (...)", "'d' could be: draw, or discard 7h"; or returns
 * FUDA_INPUT_NOT_LEGAL with "'...' is not a legal move now; legal moves: ..."
 * (the caller may say why with fuda_input_refusal).
 *
 * Matching: a move the input equals (cards compared as cards, words
 * case-insensitively); else the moves whose words contain the input words in
 * order, each as a prefix of a word (a card only as that card), and among
 * them the one with the fewest words
 * ("8c" is "play 8c" rather than "play 8c name s"; "t" is "take" rather than
 * "take stock"). Moves that tie are ambiguous.
 *
 * Safe abbreviations: a shortened input never acts when it could mean two
 * things. When other moves read its words as other words ("d" is draw, or
 * discard 7h), or it is a lone letter that is a rank of a card in the moves
 * ("k" is knock 7h, or the king Kd), it asks instead: "'k' could be: knock
 * 7h, or the king Kd". */
int fuda_input_match(const char *line, const char *const *moves, int n, char **msg);

/* What the program knows to say why a typed move is not legal. */
typedef struct fuda_why_facts {
    int seat, turn;     /* the seat typing; whose turn it is (0: nobody's) */
    const int *held;    /* the cards the seat holds (fuda_card values) */
    int nheld;          /* their count; -1: not known */
    const char *const *verbs; /* verbs the match had earlier (may be NULL) */
    int nverbs;
} fuda_why_facts;

/* The program's own reason why `line` is not one of moves[0..n), or NULL when
 * it has none (malloc'd, caller frees). In order: it is another seat's turn;
 * the line names a card the seat does not hold that no move names ("you hold
 * no 7h"); its first word is a verb of the moves but not with these words
 * ("you may knock only as: knock 7h, knock As"), or a verb of the match that
 * is not legal now ("you cannot knock now"). */
char *fuda_input_why_not(const char *line, const char *const *moves, int n, const fuda_why_facts *f);

/* "'line' is not a legal move now: reason; legal moves: ..." (reason may be
 * NULL: no reason given). malloc'd, caller frees. */
char *fuda_input_refusal(const char *line, const char *reason, const char *const *moves, int n);

/* Messages mark the cards in moves as variant text does ("discard {7h}"), so
 * they show with the suits of the hand when rendered (render.h). */

/* "a, b, c" -- the moves joined for a message, cards marked (malloc'd). */
char *fuda_moves_join(const char *const *moves, int n, const char *sep);

/* A copy of one move with its cards marked: "discard {7h}" (malloc'd). A word
 * after the verb is marked when it is a card's own name as the engine writes
 * it ("Qs", "10d", "Jk"; not "as"). */
char *fuda_move_marked(const char *move);

#endif
