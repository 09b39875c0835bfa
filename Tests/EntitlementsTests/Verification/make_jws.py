#!/usr/bin/env python3
"""Cross-implementation check for the Swift App Store JWS code, using Python's `cryptography`.

  make_jws.py sign     prints JSON {"root": <base64 DER>, "jws": ..., "bundleId": ..., "signedDate": ...}:
                       a fresh root -> intermediate -> leaf chain with the App Store OIDs, built and
                       signed here, with this side's own JSON and base64url choices.
  make_jws.py verify   reads JSON {"root": <base64 DER>, "jws": ...} on stdin, checks the chain and the
                       ES256 signature independently of the Swift code, prints the payload JSON.

Exit status 0 on success; anything else is a failure with a message on stderr.
"""
import base64
import datetime
import json
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from cryptography.x509.oid import NameOID

LEAF_OID = x509.ObjectIdentifier("1.2.840.113635.100.6.11.1")
INTERMEDIATE_OID = x509.ObjectIdentifier("1.2.840.113635.100.6.2.1")
DER_NULL = b"\x05\x00"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def name(common_name: str) -> x509.Name:
    # Apple's certificates carry country and organisation too; so do these (unlike the Swift side's).
    return x509.Name([
        x509.NameAttribute(NameOID.COUNTRY_NAME, "US"),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Cross-check"),
        x509.NameAttribute(NameOID.COMMON_NAME, common_name),
    ])


def certificate(subject, subject_key, issuer, issuer_key, not_before, not_after, ca, marker=None):
    builder = (x509.CertificateBuilder()
               .subject_name(subject).issuer_name(issuer)
               .public_key(subject_key.public_key())
               .serial_number(x509.random_serial_number())
               .not_valid_before(not_before).not_valid_after(not_after)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=0 if ca and issuer != subject else None),
                              critical=True))
    if marker is not None:
        builder = builder.add_extension(x509.UnrecognizedExtension(marker, DER_NULL), critical=False)
    # ES384-signed certificates, as Apple's are: the Swift side signs its own with SHA-256.
    return builder.sign(issuer_key, hashes.SHA384())


def sign():
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    not_before, not_after = now - datetime.timedelta(days=1), now + datetime.timedelta(days=30)
    root_key = ec.generate_private_key(ec.SECP256R1())
    intermediate_key = ec.generate_private_key(ec.SECP256R1())
    leaf_key = ec.generate_private_key(ec.SECP256R1())
    root_name, intermediate_name = name("Cross-check Root"), name("Cross-check Intermediate")
    root = certificate(root_name, root_key, root_name, root_key, not_before, not_after, True)
    intermediate = certificate(intermediate_name, intermediate_key, root_name, root_key,
                               not_before, not_after, True, INTERMEDIATE_OID)
    leaf = certificate(name("Cross-check Leaf"), leaf_key, intermediate_name, intermediate_key,
                       not_before, not_after, False, LEAF_OID)

    der = [c.public_bytes(serialization.Encoding.DER) for c in (leaf, intermediate, root)]
    # Header: another key order, typ and kid, spaces after separators (json.dumps defaults).
    header = {"typ": "JWT", "kid": "cross-check", "x5c": [base64.b64encode(d).decode("ascii") for d in der],
              "alg": "ES256"}
    signed_ms = now.timestamp() * 1000 + 0.4375  # fractional milliseconds, exact in binary
    payload = {
        "transactionId": "1000000000000001",
        "originalTransactionId": "1000000000000001",
        "bundleId": "com.example.crosscheck",
        "productId": "pro/lifetime",           # json.dumps does not escape '/', Apple's encoder does
        "storefront": "Zürich",                # json.dumps escapes it as \u00fc
        "type": "Non-Consumable",
        "purchaseDate": signed_ms - 1000.5,
        "signedDate": signed_ms,
        "environment": "Sandbox",
        "quantity": 1,
        "isUpgraded": False,
        "unknownField": {"nested": [1, 2.5, None]},  # extra fields must be ignored
    }
    signing_input = b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(payload).encode())
    r, s = decode_dss_signature(leaf_key.sign(signing_input.encode("ascii"), ec.ECDSA(hashes.SHA256())))
    jws = signing_input + "." + b64url(r.to_bytes(32, "big") + s.to_bytes(32, "big"))
    json.dump({"root": base64.b64encode(der[2]).decode("ascii"), "jws": jws,
               "bundleId": payload["bundleId"], "signedDate": signed_ms}, sys.stdout)


def verify():
    request = json.load(sys.stdin)
    root = x509.load_der_x509_certificate(base64.b64decode(request["root"]))
    header_b64, payload_b64, signature_b64 = request["jws"].split(".")
    header = json.loads(b64url_decode(header_b64))
    assert header["alg"] == "ES256", "alg"
    chain = [x509.load_der_x509_certificate(base64.b64decode(c)) for c in header["x5c"]]
    assert len(chain) == 3, "x5c length"
    leaf, intermediate = chain[0], chain[1]
    leaf.extensions.get_extension_for_oid(LEAF_OID)
    intermediate.extensions.get_extension_for_oid(INTERMEDIATE_OID)
    leaf.verify_directly_issued_by(intermediate)
    intermediate.verify_directly_issued_by(root)
    raw = b64url_decode(signature_b64)
    assert len(raw) == 64, "signature length"
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    leaf.public_key().verify(der, (header_b64 + "." + payload_b64).encode("ascii"), ec.ECDSA(hashes.SHA256()))
    sys.stdout.write(b64url_decode(payload_b64).decode("utf-8"))


if __name__ == "__main__":
    {"sign": sign, "verify": verify}[sys.argv[1]]()
