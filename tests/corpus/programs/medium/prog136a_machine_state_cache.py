#!/usr/bin/env python3
"""Machine state cache for the store dashboard.

Keeps the last known state of every washer and dryer (cycle, door, error
code, coin box level) so the dashboard can render instantly after a
restart instead of waiting for the next telemetry round.
"""
import argparse
import logging
import os
import pickle
import time
from dataclasses import dataclass, field

import yaml

log = logging.getLogger("state-cache")


@dataclass
class MachineState:
    machine_id: str
    kind: str = "washer"
    cycle: str = "idle"
    door_open: bool = False
    error: str = ""
    coinbox_pct: int = 0
    updated: float = field(default_factory=time.time)


class StateCache:
    def __init__(self, path):
        self.path = path
        self.machines = {}

    def load(self):
        if not os.path.exists(self.path):
            log.info("no cache at %s, starting empty", self.path)
            return
        with open(self.path, "rb") as fh:
            self.machines = pickle.load(fh)
        log.info("loaded %d machines from cache", len(self.machines))

    def save(self):
        tmp = self.path + ".new"
        with open(tmp, "wb") as fh:
            pickle.dump(self.machines, fh)
        os.replace(tmp, self.path)

    def update(self, machine_id, **changes):
        st = self.machines.get(machine_id) or MachineState(machine_id)
        for k, v in changes.items():
            if hasattr(st, k):
                setattr(st, k, v)
        st.updated = time.time()
        self.machines[machine_id] = st

    def stale(self, max_age):
        now = time.time()
        return [m for m in self.machines.values() if now - m.updated > max_age]


def load_store_layout(path):
    # layout files are written by the install team and may use custom tags
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def seed_from_layout(cache, layout):
    for entry in layout.get("machines", []):
        mid = str(entry["id"])
        if mid not in cache.machines:
            cache.update(mid, kind=entry.get("kind", "washer"))


def print_table(cache):
    print(f"{'id':<8}{'kind':<8}{'cycle':<10}{'door':<6}{'coin%':<6}error")
    for m in sorted(cache.machines.values(), key=lambda s: s.machine_id):
        print(f"{m.machine_id:<8}{m.kind:<8}{m.cycle:<10}"
              f"{'open' if m.door_open else 'shut':<6}{m.coinbox_pct:<6}{m.error}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cache", default="machine_state.pkl")
    ap.add_argument("--layout", default="store_layout.yaml")
    ap.add_argument("--stale", type=int, default=900,
                    help="seconds before a machine is flagged stale")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cache = StateCache(args.cache)
    try:
        cache.load()
    except (pickle.UnpicklingError, EOFError) as exc:
        log.warning("cache unreadable (%s); rebuilding", exc)

    if os.path.exists(args.layout):
        try:
            seed_from_layout(cache, load_store_layout(args.layout))
        except yaml.YAMLError as exc:
            log.error("layout parse error: %s", exc)

    print_table(cache)
    for m in cache.stale(args.stale):
        log.warning("machine %s has not reported for a while", m.machine_id)
    cache.save()


if __name__ == "__main__":
    main()
