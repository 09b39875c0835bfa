#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>

/* inflateInit and deflateInit are macros (they pass the library version and the struct's
   size); Swift imports these inline functions instead. */
static inline int czlib_inflate_init(z_stream *stream) { return inflateInit(stream); }
static inline int czlib_deflate_init(z_stream *stream, int level) { return deflateInit(stream, level); }
#endif
