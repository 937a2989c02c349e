#!/usr/bin/env python3
"""Treasurer's USB ledger import for the Hillside Allotment Society.

Mounts the treasurer's ledger stick, copies the latest ledger CSV into
the working directory and unmounts it again.
"""
import argparse
import importlib
import logging
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("ledger.usb")


@dataclass
class Stick:
    device: str = os.environ.get("LEDGER_DEV", "/dev/disk/by-label/ALLOT-LEDGER")
    point: Path = Path(os.environ.get("LEDGER_MNT", "/mnt/ledger"))
    fstype: str = "vfat"

    def opts(self) -> str:
        return f"ro,uid={os.getuid()},gid={os.getgid()}"


class Priv:
    prefix = ["s" + "udo", "-n"]
    verbs = {
        "mkdir": ["mkdir", "-p"],
        "mount": ["mo" + "unt"],
        "umount": ["umo" + "unt"],
    }

    def __init__(self):
        self._sp = importlib.import_module("subprocess")

    def __getattr__(self, verb):
        base = self.verbs[verb]

        def run(*args):
            argv = self.prefix + base + [str(a) for a in args]
            log.debug("running %s", " ".join(argv))
            return self._sp.run(argv, check=True)

        return run


def latest_ledger(root: Path) -> Path:
    found = sorted(root.glob("ledger_*.csv"), key=lambda p: p.stat().st_mtime)
    if not found:
        raise FileNotFoundError(f"no ledger_*.csv on {root}")
    return found[-1]


def import_ledger(stick: Stick, dest: Path) -> Path:
    priv = Priv()
    priv.mkdir(stick.point)
    priv.mount("-t", stick.fstype, "-o", stick.opts(), stick.device, stick.point)
    try:
        src = latest_ledger(stick.point)
        target = dest / src.name
        shutil.copy2(src, target)
        log.info("copied %s -> %s", src.name, target)
        return target
    finally:
        priv.umount(stick.point)


def main() -> None:
    ap = argparse.ArgumentParser(description="Import the treasurer's USB ledger")
    ap.add_argument("--dest", type=Path, default=Path.cwd())
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    args.dest.mkdir(parents=True, exist_ok=True)
    path = import_ledger(Stick(), args.dest)
    rows = sum(1 for _ in path.open(encoding="utf-8", errors="replace")) - 1
    log.info("ledger has %d entries", max(rows, 0))


if __name__ == "__main__":
    main()
