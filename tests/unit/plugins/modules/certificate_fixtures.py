"""Certificates and keys made for the tests, in PEM, with what a test compares them by."""

import datetime

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

# A line no PEM parser minds, so that the -vvvv leak scan would find the key wherever it went.
KEY_PREAMBLE = "LEAKCANARY-certificate-key\n"


def make_certificate(names, days=90, starts_days_ago=1, common_name=None, encrypted=False, alt_names=True):
    """``(certificate PEM, key PEM, certificate object)`` for ``names``, valid from ``starts_days_ago`` for ``days``."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name or names[0])])
    starts = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0) - datetime.timedelta(days=starts_days_ago)
    builder = (
        x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(starts).not_valid_after(starts + datetime.timedelta(days=days))
    )
    if alt_names:
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(name) for name in names]), critical=False)
    certificate = builder.sign(key, hashes.SHA256())
    encryption = serialization.BestAvailableEncryption(b"passphrase") if encrypted else serialization.NoEncryption()
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, encryption).decode("ascii")
    return certificate.public_bytes(serialization.Encoding.PEM).decode("ascii"), KEY_PREAMBLE + key_pem, certificate


def fingerprint(certificate):
    return ":".join("%02X" % byte for byte in certificate.fingerprint(hashes.SHA256()))


def not_after(certificate):
    return certificate.not_valid_after_utc.strftime("%Y-%m-%dT%H:%M:%SZ")
