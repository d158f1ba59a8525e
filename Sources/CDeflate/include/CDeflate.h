#ifndef CDEFLATE_H
#define CDEFLATE_H

#include <zlib.h>

// deflateInit2 is a macro, which Swift cannot call: the same call as a function.
static inline int czlib_deflate_init2(z_streamp stream, int level, int windowBits, int memLevel) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, memLevel, Z_DEFAULT_STRATEGY);
}

// inflateInit2 is a macro too.
static inline int czlib_inflate_init2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

#endif
