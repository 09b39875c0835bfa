#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/x509_vfy.h>

/* Loads libcrypto now rather than at the first call into it (a no-op once it is loaded),
   initialising OpenSSL without its cleanup at exit: for a thread with time to spare before the
   gate's first check (Sources/CLazyLibraries). */
void ccl_load_crypto_library(void);
#endif
