#!/usr/bin/env python3
"""Delivery van dispatch worker.

Watches an inbox folder for schedule files exported by the planning sheet
(one JSON file per delivery day) and turns each one into per-driver run
sheets: stops in drop order, crates per stop and the loading order for the
van (last drop loaded first).  Processed files go to inbox/done, broken ones
to inbox/rejected.

Run it from the dispatch office PC's shared folder; --depot only changes the
heading on the sheets.
"""
import argparse
import json
import logging
import os
import shutil
import time
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("dispatch")


def parse_schedule(path):
    with path.open() as fh:
        data = json.load(fh)
    day = data["day"]
    runs = defaultdict(list)
    for stop in data["stops"]:
        runs[stop["driver"]].append(stop)
    for driver in runs:
        runs[driver].sort(key=lambda s: s["drop"])
    return day, runs


def write_run_sheet(out_dir, day, driver, stops, depot="main"):
    sheet = out_dir / f"{day}_{driver.lower().replace(' ', '_')}.txt"
    crates = sum(s.get("crates", 0) for s in stops)
    lines = [f"Run sheet {day} - {driver} - depot {depot}", f"Stops: {len(stops)}   Crates: {crates}", ""]
    for s in stops:
        window = s.get("window", "any")
        lines.append(f"{s['drop']:>2}. {s['customer']:<28} {s['postcode']:<9} {window:<12} {s.get('crates', 0)} cr")
    lines += ["", "Load order (first in = last out):"]
    for s in reversed(stops):
        lines.append(f"   {s['customer']} ({s.get('crates', 0)})")
    sheet.write_text("\n".join(lines) + "\n")
    return sheet


def process(inbox, out_dir, depot):
    done = inbox / "done"
    rejected = inbox / "rejected"
    done.mkdir(exist_ok=True)
    rejected.mkdir(exist_ok=True)
    handled = 0
    for path in sorted(inbox.glob("*.json")):
        try:
            day, runs = parse_schedule(path)
        except (ValueError, KeyError) as exc:
            log.error("rejecting %s: %s", path.name, exc)
            shutil.move(str(path), rejected / path.name)
            continue
        for driver, stops in runs.items():
            sheet = write_run_sheet(out_dir, day, driver, stops, depot)
            log.info("wrote %s", sheet.name)
        shutil.move(str(path), done / path.name)
        handled += 1
    return handled


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inbox", default="inbox")
    ap.add_argument("--out", default="runsheets")
    ap.add_argument("--depot", default=os.environ.get("DISPATCH_DEPOT", "main"))
    ap.add_argument("--poll", type=float, default=15.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    inbox, out_dir = Path(args.inbox), Path(args.out)
    inbox.mkdir(exist_ok=True)
    out_dir.mkdir(exist_ok=True)
    while True:
        try:
            n = process(inbox, out_dir, args.depot)
            if n:
                log.info("processed %d schedule file(s)", n)
        except OSError as exc:
            log.error("inbox scan failed: %s", exc)
        if args.once:
            return 0
        time.sleep(args.poll)


if __name__ == "__main__":
    raise SystemExit(main())
