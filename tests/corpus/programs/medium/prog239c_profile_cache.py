#!/usr/bin/env python3
"""Parse roaster log exports once and keep the parsed profiles in a cache.

Parsing thousands of roast logs on every planning run is slow, so parsed
profiles are pickled into ./.profile_cache. Roaster settings (batch sizes,
charge temperatures per machine) come from roasters.yaml.
"""
import argparse
import ast
import hashlib
import logging
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

log = logging.getLogger("profile_cache")

CACHE_DIR = Path(".profile_cache")


@dataclass
class RoastProfile:
    name: str
    machine: str
    charge_c: float
    drop_c: float
    seconds: list = field(default_factory=list)
    bean_temp: list = field(default_factory=list)

    @property
    def duration(self):
        return self.seconds[-1] if self.seconds else 0


def load_settings(path):
    with open(path, encoding="utf-8") as fh:
        # settings file uses a couple of custom tags written by the old planner
        return yaml.load(fh, Loader=yaml.Loader) or {}


def parse_log(path, machine):
    """Roaster logs are Python-literal dicts (Artisan style)."""
    raw = ast.literal_eval(Path(path).read_text(encoding="utf-8"))
    temps = raw.get("temp2", [])
    times = raw.get("timex", [])
    return RoastProfile(
        name=raw.get("title", Path(path).stem),
        machine=machine,
        charge_c=temps[0] if temps else 0.0,
        drop_c=temps[-1] if temps else 0.0,
        seconds=list(times),
        bean_temp=list(temps),
    )


class ProfileCache:
    def __init__(self, root=CACHE_DIR):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def _entry(self, src):
        digest = hashlib.md5(f"{src}:{src.stat().st_mtime_ns}".encode()).hexdigest()
        return self.root / f"{digest}.pkl"

    def get(self, src):
        entry = self._entry(src)
        if entry.exists():
            with entry.open("rb") as fh:
                return pickle.load(fh)
        return None

    def put(self, src, profile):
        with self._entry(src).open("wb") as fh:
            pickle.dump(profile, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def clear(self):
        for f in self.root.glob("*.pkl"):
            f.unlink()


def gather(log_dir, settings, cache):
    profiles = []
    for machine, cfg in settings.get("roasters", {}).items():
        pattern = cfg.get("pattern", "*.alog")
        for src in sorted(Path(log_dir, machine).glob(pattern)):
            prof = cache.get(src)
            if prof is None:
                try:
                    prof = parse_log(src, machine)
                except (ValueError, SyntaxError) as exc:
                    log.warning("unparseable log %s: %s", src, exc)
                    continue
                cache.put(src, prof)
            profiles.append(prof)
    return profiles


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--logs", default="roast_logs")
    ap.add_argument("--settings", default="roasters.yaml")
    ap.add_argument("--clear", action="store_true", help="drop the cache first")
    ap.add_argument("--machine", help="only summarise this roaster")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = ProfileCache()
    if args.clear:
        cache.clear()
    try:
        settings = load_settings(args.settings)
    except FileNotFoundError:
        log.error("missing %s", args.settings)
        return 1

    profiles = gather(args.logs, settings, cache)
    if args.machine:
        profiles = [p for p in profiles if p.machine == args.machine]
    for p in profiles:
        print(f"{p.machine:10} {p.name:30} {p.duration:5.0f}s charge {p.charge_c:.0f} drop {p.drop_c:.0f}")
    log.info("%d profiles", len(profiles))
    return 0


if __name__ == "__main__":
    sys.exit(main())
