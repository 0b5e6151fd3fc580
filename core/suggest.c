/* suggest.c -- "did you mean" (see suggest.h). */
#include <string.h>

#include "suggest.h"

#define MAXLEN 64

int fuda_edit_distance(const char *a, const char *b, int limit) {
    size_t la = strlen(a), lb = strlen(b);
    if (la > MAXLEN || lb > MAXLEN) return strcmp(a, b) == 0 ? 0 : limit + 1;
    if ((la > lb ? la - lb : lb - la) > (size_t)limit) return limit + 1;
    int d[MAXLEN + 1][MAXLEN + 1];
    for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int row_min = limit + 1;
        for (size_t j = 1; j <= lb; j++) {
            int cost = a[i - 1] != b[j - 1];
            int v = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < v) v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
            if (v < row_min) row_min = v;
        }
        if (row_min > limit) return limit + 1;
    }
    return d[la][lb] <= limit ? d[la][lb] : limit + 1;
}

const char *fuda_suggest(const char *typed, const char *const *names, size_t n) {
    size_t len = strlen(typed);
    int limit = len >= 5 ? 2 : len >= 3 ? 1 : 0;
    const char *best = NULL;
    int bd = limit + 1;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(typed, names[i]) == 0) return NULL;
        int d = fuda_edit_distance(typed, names[i], limit);
        if (d < bd) best = names[i], bd = d;
    }
    return best;
}
