/* The C peer of `sanitize check email`: one PCRE2-JIT pattern, compiled with the options
 * PCRE2Pattern uses (UTF, UCP, anchored at both ends, JIT), matched against every line of
 * standard input; prints "valid" or "invalid" per line through stdio's buffer.
 * Build: cc -O2 email_pcre2_loop.c -lpcre2-8 -o email_pcre2_loop
 * Usage: email_pcre2_loop PATTERN < addresses > verdicts */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s PATTERN < lines\n", argv[0]);
        return 2;
    }
    int error;
    PCRE2_SIZE offset;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)argv[1], strlen(argv[1]),
                                     PCRE2_UTF | PCRE2_UCP | PCRE2_NEVER_BACKSLASH_C | PCRE2_ANCHORED | PCRE2_ENDANCHORED,
                                     &error, &offset, NULL);
    if (code == NULL) {
        fprintf(stderr, "pattern does not compile at offset %zu\n", (size_t)offset);
        return 2;
    }
    if (pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) != 0) {
        fprintf(stderr, "JIT unavailable\n");
        return 2;
    }
    pcre2_match_context *context = pcre2_match_context_create(NULL);
    pcre2_set_match_limit(context, 1000000);
    pcre2_match_data *data = pcre2_match_data_create(1, NULL);
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    long invalid = 0;
    while ((length = getline(&line, &capacity, stdin)) >= 0) {
        if (length > 0 && line[length - 1] == '\n') length--;
        int rc = pcre2_match(code, (PCRE2_SPTR)line, (PCRE2_SIZE)length, 0, 0, data, context);
        if (rc >= 0) {
            fputs("valid\n", stdout);
        } else {
            fputs("invalid\n", stdout);
            invalid++;
        }
    }
    free(line);
    pcre2_match_data_free(data);
    pcre2_match_context_free(context);
    pcre2_code_free(code);
    return invalid > 0 ? 1 : 0;
}
