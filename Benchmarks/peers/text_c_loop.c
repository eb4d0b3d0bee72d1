/* The near-limit figure for the text encoders: a plain C byte loop that reads lines from
 * stdin and writes one encoded line per input line, with a 256-entry table, no validation.
 * Usage: text_c_loop url|shell|sql < lines > out
 *   url    percent-encode everything but A-Z a-z 0-9 - . _ ~ (RFC 3986 unreserved)
 *   shell  POSIX single quotes, ' as '\''
 *   sql    SQL literal, ' doubled */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s url|shell|sql\n", argv[0]); return 2; }
    int mode = strcmp(argv[1], "url") == 0 ? 0 : strcmp(argv[1], "shell") == 0 ? 1 : 2;
    static unsigned char keep[256];
    for (int c = 0; c < 256; c++)
        keep[c] = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                  c == '-' || c == '.' || c == '_' || c == '~';
    static const char hex[] = "0123456789ABCDEF";
    static char inbuf[1 << 16], outbuf[1 << 16];
    setvbuf(stdin, inbuf, _IOFBF, sizeof inbuf);
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    char *line = NULL;
    size_t cap = 0, outcap = 0;
    unsigned char *out = NULL;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) > 0) {
        if (line[n - 1] == '\n') n--;
        if ((size_t)(4 * n + 3) > outcap) { outcap = 4 * n + 3; out = realloc(out, outcap); }
        size_t w = 0;
        const unsigned char *p = (const unsigned char *)line;
        if (mode == 0) {
            for (ssize_t i = 0; i < n; i++) {
                unsigned char c = p[i];
                if (keep[c]) out[w++] = c;
                else { out[w++] = '%'; out[w++] = hex[c >> 4]; out[w++] = hex[c & 15]; }
            }
        } else if (mode == 1) {
            out[w++] = '\'';
            for (ssize_t i = 0; i < n; i++) {
                if (p[i] == '\'') { memcpy(out + w, "'\\''", 4); w += 4; } else out[w++] = p[i];
            }
            out[w++] = '\'';
        } else {
            out[w++] = '\'';
            for (ssize_t i = 0; i < n; i++) {
                if (p[i] == '\'') { out[w++] = '\''; out[w++] = '\''; } else out[w++] = p[i];
            }
            out[w++] = '\'';
        }
        out[w++] = '\n';
        fwrite(out, 1, w, stdout);
    }
    free(line);
    free(out);
    return 0;
}
