#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/* Loads SQLite now rather than at the first call into it (a no-op once it is loaded): for a
   thread with time to spare before the store is opened (Sources/CLazyLibraries). */
void ccl_load_store_library(void);

/* sqlite3_db_config is variadic, which Swift cannot call: one non-variadic wrapper per
   setting the store uses. Each returns SQLITE_OK or SQLite's error code. */
static inline int csqlite_db_config_int(sqlite3 *db, int op, int value) {
    int now = -1;
    return sqlite3_db_config(db, op, value, &now);
}
#endif
