#!/usr/bin/env python3
"""Alloy batch planner with a local cache.

Reads the melt plan (YAML) for the week, works out how much copper and
tin each pour needs, and caches the computed batch records so the shop
floor tablet can show them quickly.
"""

import argparse
import logging
import pickle
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

LOG = logging.getLogger("alloy-batch")

CACHE_FILE = Path(".alloy_batches.pkl")
CACHE_TTL = 6 * 3600
MELT_LOSS = 0.04


@dataclass
class Batch:
    pour: str
    bells: int
    metal_kg: float
    copper_kg: float
    tin_kg: float
    furnace: str


def load_plan(path):
    with open(path) as fh:
        plan = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(plan, dict) or "pours" not in plan:
        raise ValueError("melt plan needs a 'pours' list")
    return plan


def compute_batches(plan):
    ratio = plan.get("alloy", {}).get("tin_fraction", 0.22)
    batches = []
    for pour in plan["pours"]:
        casting = sum(b.get("weight_kg", 0) for b in pour.get("bells", []))
        runners = casting * pour.get("runner_allowance", 0.12)
        metal = (casting + runners) * (1 + MELT_LOSS)
        batches.append(Batch(
            pour=pour["name"],
            bells=len(pour.get("bells", [])),
            metal_kg=round(metal, 1),
            copper_kg=round(metal * (1 - ratio), 1),
            tin_kg=round(metal * ratio, 1),
            furnace=pour.get("furnace", "F1"),
        ))
    return batches


def read_cache(plan_path):
    if not CACHE_FILE.exists():
        return None
    with CACHE_FILE.open("rb") as fh:
        cached = pickle.load(fh)
    fresh = time.time() - cached.get("written", 0) < CACHE_TTL
    same_plan = cached.get("plan_mtime") == Path(plan_path).stat().st_mtime
    if fresh and same_plan:
        return cached["batches"]
    return None


def write_cache(plan_path, batches):
    record = {
        "written": time.time(),
        "plan_mtime": Path(plan_path).stat().st_mtime,
        "batches": batches,
    }
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(record, fh)


def show(batches):
    total_cu = total_sn = 0.0
    for b in batches:
        print(f"{b.pour:14} {b.furnace:3} bells={b.bells:2} metal={b.metal_kg:8.1f}kg "
              f"Cu={b.copper_kg:8.1f}kg Sn={b.tin_kg:7.1f}kg")
        total_cu += b.copper_kg
        total_sn += b.tin_kg
    print(f"{'total':14}     {'':8} Cu={total_cu:8.1f}kg Sn={total_sn:7.1f}kg")


def main():
    parser = argparse.ArgumentParser(description="alloy batch planner")
    parser.add_argument("plan", help="melt plan YAML")
    parser.add_argument("--refresh", action="store_true", help="ignore the cache")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    batches = None if args.refresh else read_cache(args.plan)
    if batches is None:
        LOG.info("computing batches from %s", args.plan)
        batches = compute_batches(load_plan(args.plan))
        write_cache(args.plan, batches)
    else:
        LOG.info("using cached batches")
    show(batches)


if __name__ == "__main__":
    main()
