#!/usr/bin/env python3
"""Detector log parser.

Reads the per-night YAML logs written by the detectors (battery, temperature,
trigger counts), flags problem nights and renders a spectrogram thumbnail of
the first trigger of each night for the volunteer's review sheet.
"""
import argparse
import csv
import logging
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

log = logging.getLogger("detlog")

THRESHOLDS = {"battery_v": 3.4, "temp_c_min": -5.0, "min_triggers": 1}


def read_night(path):
    with open(path, "r", encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def problems(night):
    issues = []
    if float(night.get("battery_v", 99)) < THRESHOLDS["battery_v"]:
        issues.append("low battery")
    if float(night.get("temp_c_min", 99)) < THRESHOLDS["temp_c_min"]:
        issues.append("cold night")
    if int(night.get("triggers", 0)) < THRESHOLDS["min_triggers"]:
        issues.append("no triggers")
    return issues


def thumbnail(wav, out_png):
    tool = shutil.which("sox")
    if not tool:
        log.debug("sox not installed, skipping thumbnails")
        return False
    cmd = f'{tool} "{wav}" -n rate 192k spectrogram -x 400 -y 200 -o "{out_png}"'
    res = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    if res.returncode != 0:
        log.warning("sox failed on %s: %s", wav, res.stderr.strip())
        return False
    return True


class Report:
    def __init__(self, outdir):
        self.outdir = Path(outdir)
        self.outdir.mkdir(exist_ok=True)
        self.rows = []

    def add(self, name, night, issues, thumb):
        self.rows.append({
            "night": name,
            "station": night.get("station", "?"),
            "triggers": night.get("triggers", 0),
            "issues": "; ".join(issues) or "ok",
            "thumbnail": thumb or "",
        })

    def write(self):
        path = self.outdir / "nights.csv"
        with path.open("w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=["night", "station", "triggers", "issues", "thumbnail"])
            w.writeheader()
            w.writerows(self.rows)
        return path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("logdir", help="folder with <night>.yaml logs and recordings")
    ap.add_argument("--out", default="review")
    ap.add_argument("--no-thumbs", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    logdir = Path(args.logdir)
    if not logdir.is_dir():
        log.error("%s is not a directory", logdir)
        return 1
    report = Report(args.out)
    for path in sorted(logdir.glob("*.yaml")):
        try:
            night = read_night(path)
        except yaml.YAMLError as exc:
            log.error("bad log %s: %s", path.name, exc)
            continue
        thumb = None
        first = night.get("first_trigger_file")
        if first and not args.no_thumbs:
            png = report.outdir / f"{path.stem}.png"
            thumb = png.name if thumbnail(logdir / first, png) else None
        report.add(path.stem, night, problems(night), thumb)
    log.info("wrote %s", report.write())
    return 0


if __name__ == "__main__":
    sys.exit(main())
