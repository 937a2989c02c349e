#!/usr/bin/env python3
"""Encrypt the files you name on the command line with Fernet.

Each input ``report.pdf`` produces ``report.pdf.sealed`` next to it. The
original file is never modified or removed; delete it yourself once you have
checked the sealed copy decrypts. The key lives in ./sealer.key (mode 0600).
"""
import argparse
import hashlib
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

LOG = logging.getLogger("sealer")
KEY_FILE = Path("sealer.key")
SUFFIX = ".sealed"


def load_or_create_key(path: Path) -> bytes:
    if path.exists():
        LOG.debug("using existing key %s", path)
        return path.read_bytes().strip()
    key = Fernet.generate_key()
    path.write_bytes(key + b"\n")
    os.chmod(path, 0o600)
    LOG.info("created new key at %s (keep it safe)", path)
    return key


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def seal(fernet: Fernet, src: Path, force: bool) -> Path:
    dst = src.with_name(src.name + SUFFIX)
    if dst.exists() and not force:
        raise FileExistsError(f"{dst} exists; use --force to replace it")
    plain = src.read_bytes()
    dst.write_bytes(fernet.encrypt(plain))
    LOG.info("sealed %s -> %s (sha256 %s)", src, dst, digest(plain))
    return dst


def unseal(fernet: Fernet, src: Path, force: bool) -> Path:
    if not src.name.endswith(SUFFIX):
        raise ValueError(f"{src} does not end with {SUFFIX}")
    dst = src.with_name(src.name[: -len(SUFFIX)] + ".restored")
    if dst.exists() and not force:
        raise FileExistsError(f"{dst} exists; use --force to replace it")
    dst.write_bytes(fernet.decrypt(src.read_bytes()))
    LOG.info("restored %s -> %s", src, dst)
    return dst


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["seal", "unseal"])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--key", type=Path, default=KEY_FILE)
    ap.add_argument("--force", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    fernet = Fernet(load_or_create_key(args.key))
    action = seal if args.mode == "seal" else unseal
    failures = 0
    for path in args.files:
        if not path.is_file():
            LOG.warning("skipping %s: not a regular file", path)
            failures += 1
            continue
        try:
            action(fernet, path, args.force)
        except (OSError, ValueError, InvalidToken) as exc:
            LOG.error("%s: %s", path, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
