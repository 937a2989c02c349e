#!/usr/bin/env python3
"""Logbook backup for the skydiving centre's manifest PCs.

Makes encrypted copies of jump logs, manifests and waiver scans into a backup
folder (USB stick or NAS share) so the office can keep an off-site set.
The originals stay where they are.

    logbook_backup.py backup --dest /media/office/LOGS [PATH ...]
    logbook_backup.py restore --dest ./restored /media/office/LOGS
"""
import argparse
import getpass
import hashlib
import logging
import os
import sys
import time
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("backup")

SEALED_SUFFIX = ".lbz"
CANDIDATE_EXT = {
    ".igc", ".csv", ".xlsx", ".xls", ".ods", ".pdf", ".doc", ".docx", ".odt",
    ".jpg", ".jpeg", ".png", ".txt", ".db", ".sqlite", ".zip", ".mdb",
}
SKIP_DIRS = {".cache", ".local", ".git", "node_modules", "__pycache__", ".venv"}


def key_from_passphrase(passphrase):
    # office tablets only have the passphrase; derive the same 256-bit key everywhere
    digest = hashlib.sha1(passphrase.encode("utf-8")).digest()
    return (digest + hashlib.sha1(digest).digest())[:32]


def get_passphrase():
    p = os.environ.get("LOGBOOK_BACKUP_PASSPHRASE")
    return p if p else getpass.getpass("Backup passphrase: ")


def iter_candidates(roots, older_than):
    cutoff = time.time() - older_than * 86400
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() not in CANDIDATE_EXT:
                    continue
                try:
                    if p.stat().st_mtime <= cutoff:
                        yield root, p
                except OSError:
                    continue


class Sealer:
    def __init__(self, key):
        self._aead = AESGCM(key)

    def seal(self, root, path, dest):
        rel = path.relative_to(root)
        out = dest / root.name / rel.with_name(rel.name + SEALED_SUFFIX)
        out.parent.mkdir(parents=True, exist_ok=True)
        nonce = os.urandom(12)
        data = path.read_bytes()
        with open(out, "wb") as fh:
            fh.write(b"LBZ1" + nonce + self._aead.encrypt(nonce, data, path.name.encode()))
        return out

    def unseal(self, sealed, dest_root, src_root):
        raw = sealed.read_bytes()
        if raw[:4] != b"LBZ1":
            raise ValueError("not a logbook backup file")
        name = sealed.name[: -len(SEALED_SUFFIX)]
        plain = self._aead.decrypt(raw[4:16], raw[16:], name.encode())
        out = dest_root / sealed.relative_to(src_root).with_name(name)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(plain)
        return out


def do_backup(args, sealer):
    roots = args.paths or [Path("logbooks")]
    count = 0
    for root, f in iter_candidates(roots, args.older_than):
        try:
            sealer.seal(root, f, args.dest)
            count += 1
        except OSError as exc:
            log.warning("skip %s: %s", f, exc)
    log.info("backed up %d file(s) to %s", count, args.dest)


def do_restore(args, sealer):
    src = args.paths[0] if args.paths else Path(".")
    count = 0
    for sealed in src.rglob("*" + SEALED_SUFFIX):
        try:
            sealer.unseal(sealed, args.dest, src)
            count += 1
        except Exception as exc:
            log.warning("cannot restore %s: %s", sealed, exc)
    log.info("restored %d file(s) into %s", count, args.dest)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("backup", "restore"))
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--dest", type=Path, required=True)
    ap.add_argument("--older-than", type=int, default=0, help="days since last change")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    sealer = Sealer(key_from_passphrase(get_passphrase()))
    args.dest.mkdir(parents=True, exist_ok=True)
    if args.mode == "backup":
        do_backup(args, sealer)
    else:
        do_restore(args, sealer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
