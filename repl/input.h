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

/* The legal move that `line` designates, as an index into moves[0..n). When
 * there is none, or several, returns -1 and stores a message for the user in
 * *msg (malloc'd, caller frees): "ambiguous: discard 7h or knock 7h", "'7x' is
 * not a card (...)", "'...' is not a legal move now; legal moves: ...".
 *
 * Matching: a move the input equals (cards compared as cards, words
 * case-insensitively); else the moves whose words contain the input words in
 * order, each as a prefix of a word (a card only as that card), and among
 * them the one with the fewest words
 * ("8c" is "play 8c" rather than "play 8c name s"; "d" is "draw" rather than
 * "discard 7h"). Moves that tie are ambiguous. */
int fuda_input_match(const char *line, const char *const *moves, int n, char **msg);

/* "a, b, c" -- the moves joined for a message (malloc'd). */
char *fuda_moves_join(const char *const *moves, int n, const char *sep);

#endif
