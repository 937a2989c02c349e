#!/usr/bin/env python3
"""Generate the pasta kitchen's morning prep list.

Takes the covers forecast for the day, the menu mix (share of covers per
dish), the batch recipes and what is already on hand, and works out how many
batches of each component (dough, sauces, fillings) to make. Output is a
Markdown list per station plus a CSV for the order guide.

    pasta_prep_list.py --covers 180 [--day fri] [--buffer 0.1]
"""

import argparse
import csv
import hashlib
import json
import logging
import math
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

log = logging.getLogger("prep-list")

DAY_FACTORS = {"mon": 0.7, "tue": 0.75, "wed": 0.85, "thu": 0.95, "fri": 1.25, "sat": 1.35, "sun": 1.0}


def read_json(path: Path):
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)


def read_on_hand(path: Path) -> dict:
    on_hand = {}
    if not path.exists():
        log.warning("no on-hand count at %s, assuming empty walk-in", path)
        return on_hand
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            on_hand[row["component"]] = float(row["qty"])
    return on_hand


def cache_key(*paths: Path) -> str:
    h = hashlib.md5()
    for p in paths:
        if p.exists():
            h.update(p.read_bytes())
    return h.hexdigest()[:12]


def component_demand(covers: float, menu_mix: dict, dishes: dict) -> dict:
    """Portions of each component needed, from dish share and portion specs."""
    demand = defaultdict(float)
    for dish, share in menu_mix.items():
        spec = dishes.get(dish)
        if spec is None:
            log.warning("menu mix lists %s but no dish spec", dish)
            continue
        portions = covers * share
        for comp, per_portion in spec["components"].items():
            demand[comp] += portions * per_portion
    return demand


def plan_batches(demand: dict, on_hand: dict, batches: dict, buffer: float):
    plan = []
    for comp, need in sorted(demand.items()):
        recipe = batches.get(comp)
        if recipe is None:
            log.warning("no batch recipe for %s", comp)
            continue
        target = need * (1 + buffer)
        short = max(0.0, target - on_hand.get(comp, 0.0))
        n = math.ceil(short / recipe["yield"]) if short > 0 else 0
        plan.append({
            "station": recipe.get("station", "general"),
            "component": comp,
            "unit": recipe.get("unit", "portion"),
            "need": round(target, 1),
            "on_hand": on_hand.get(comp, 0.0),
            "batches": n,
            "makes": round(n * recipe["yield"], 1),
            "lead_min": recipe.get("lead_min", 0),
        })
    return plan


def write_markdown(plan, covers, day, path: Path):
    by_station = defaultdict(list)
    for item in plan:
        by_station[item["station"]].append(item)
    lines = [f"# Prep list {date.today():%a %d %b} ({day}, ~{covers:.0f} covers)", ""]
    for station in sorted(by_station):
        lines.append(f"## {station.title()}")
        items = sorted(by_station[station], key=lambda i: -i["lead_min"])
        for i in items:
            if i["batches"] == 0:
                lines.append(f"- [x] {i['component']}: covered ({i['on_hand']} {i['unit']} on hand)")
            else:
                lines.append(f"- [ ] {i['component']}: {i['batches']} batch(es) -> "
                             f"{i['makes']} {i['unit']} (start {i['lead_min']} min ahead)")
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")


def write_csv(plan, path: Path):
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(plan[0].keys()) if plan else ["component"])
        w.writeheader()
        w.writerows(plan)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--covers", type=float, required=True, help="forecast covers before day factor")
    ap.add_argument("--day", choices=DAY_FACTORS, default=date.today().strftime("%a").lower())
    ap.add_argument("--buffer", type=float, default=0.1)
    ap.add_argument("--data", type=Path, default=Path("kitchen_data"))
    ap.add_argument("--out", type=Path, default=Path("prep_out"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    paths = {n: args.data / f for n, f in
             [("mix", "menu_mix.json"), ("dishes", "dishes.json"), ("batches", "batches.json")]}
    try:
        mix, dishes, batches = (read_json(paths[k]) for k in ("mix", "dishes", "batches"))
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read kitchen data: %s", exc)
        return 1
    on_hand = read_on_hand(args.data / "on_hand.csv")

    covers = args.covers * DAY_FACTORS[args.day]
    plan = plan_batches(component_demand(covers, mix, dishes), on_hand, batches, args.buffer)

    args.out.mkdir(exist_ok=True)
    key = cache_key(*paths.values(), args.data / "on_hand.csv")
    md = args.out / f"prep_{date.today():%Y%m%d}_{key}.md"
    write_markdown(plan, covers, args.day, md)
    write_csv(plan, args.out / "prep_latest.csv")
    todo = sum(1 for i in plan if i["batches"])
    log.info("%d components, %d need prep -> %s", len(plan), todo, md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
