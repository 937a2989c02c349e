#!/usr/bin/env python3
"""stage_plot_cache.py

Reads the bands' stage plots (JSON from the advancing team) from ./plots,
builds a per-stage changeover table (risers, DI boxes, monitor wedges,
power drops) and prints it as an aligned table. Parsed plots are cached in
a pickle file so repeated runs during changeover planning stay fast.
"""
import argparse
import csv
import io
import json
import logging
import os
import pickle
import subprocess
import sys
from pathlib import Path

CACHE_FILE = Path("./.cache/stageplots.pkl")
log = logging.getLogger("stage-plots")


class StagePlot:
    def __init__(self, band, stage, slot, items):
        self.band = band
        self.stage = stage
        self.slot = slot
        self.items = items

    @classmethod
    def from_json(cls, data):
        items = {"riser": 0, "di": 0, "wedge": 0, "power": 0}
        for thing in data.get("inputs", []) + data.get("stage", []):
            kind = thing.get("type", "").lower()
            if kind in items:
                items[kind] += int(thing.get("qty", 1))
        return cls(data["band"], data.get("stage", "main"), data.get("slot", "??:??"), items)


class PlotCache:
    def __init__(self, path):
        self.path = path
        self.entries = {}

    def load(self):
        if not self.path.exists():
            return
        try:
            with open(self.path, "rb") as fh:
                self.entries = pickle.load(fh)
            log.debug("loaded %d cached plots", len(self.entries))
        except (pickle.UnpicklingError, EOFError) as exc:
            log.warning("cache unreadable (%s), ignoring", exc)
            self.entries = {}

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path, "wb") as fh:
            pickle.dump(self.entries, fh)

    def get(self, path):
        mtime = path.stat().st_mtime
        hit = self.entries.get(str(path))
        if hit and hit[0] == mtime:
            return hit[1]
        plot = StagePlot.from_json(json.loads(path.read_text()))
        self.entries[str(path)] = (mtime, plot)
        return plot


def to_csv(plots):
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["slot", "stage", "band", "risers", "DIs", "wedges", "power"])
    for p in sorted(plots, key=lambda p: (p.stage, p.slot)):
        w.writerow([p.slot, p.stage, p.band, p.items["riser"], p.items["di"],
                    p.items["wedge"], p.items["power"]])
    return buf.getvalue()


def print_table(csv_text, out_file=None):
    """Align columns with the system `column` tool."""
    script = 'printf "%s" "$PLOT_CSV" | column -t -s,'
    if out_file:
        script += ' > "$PLOT_OUT"'
    env = dict(os.environ, PLOT_CSV=csv_text, PLOT_OUT=out_file or "")
    proc = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        log.warning("column failed (%s); printing raw CSV", proc.stderr.strip())
        sys.stdout.write(csv_text)
        return
    sys.stdout.write(proc.stdout)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Stage plot changeover table")
    ap.add_argument("plots_dir", nargs="?", default="./plots")
    ap.add_argument("--stage", help="only this stage")
    ap.add_argument("--out", help="write the table to this file")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cache = PlotCache(CACHE_FILE)
    if not args.no_cache:
        cache.load()
    plots = []
    for path in sorted(Path(args.plots_dir).glob("*.json")):
        try:
            plot = cache.get(path)
        except (json.JSONDecodeError, KeyError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            continue
        if args.stage and plot.stage != args.stage:
            continue
        plots.append(plot)
    if not plots:
        log.error("no stage plots found in %s", args.plots_dir)
        return 1
    cache.save()
    print_table(to_csv(plots), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
