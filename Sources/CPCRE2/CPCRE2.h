#ifndef CPCRE2_H
#define CPCRE2_H

// The 8-bit library only: every call site uses the `_8` function names.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

// These two are macros that do not import into Swift.
static const PCRE2_SIZE cpcre2_zero_terminated = PCRE2_ZERO_TERMINATED;
static const PCRE2_SIZE cpcre2_unset = PCRE2_UNSET;

#endif
