#!/usr/bin/env python3
"""Weekly fridge temperature summary for the health inspector binder.

Reads the probe CSV logs in the working directory, computes min/max/mean
per probe and the minutes spent above the safe limit, and writes a plain
text report. The report header records which device produced it.
"""
import argparse
import csv
import datetime as dt
import logging
import shutil
import statistics
from collections import defaultdict
from pathlib import Path
from urllib.error import URLError
from urllib.request import Request, urlopen

log = logging.getLogger("fridge-summary")

SCRATCH = Path(".summary_scratch")
DASHBOARD = "https://dashboard.example.com/health"


def device_info():
    """Model name and OS, for the report header."""
    info = {"cpu": "unknown", "os": "unknown"}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith(("model name", "model")):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                info["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return info


def dashboard_up(timeout=5):
    try:
        with urlopen(Request(DASHBOARD, method="HEAD"), timeout=timeout) as resp:
            return resp.status < 400
    except (URLError, OSError):
        return False


def read_logs(pattern):
    readings = defaultdict(list)
    for path in sorted(Path(".").glob(pattern)):
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    ts = dt.datetime.fromisoformat(row["timestamp"])
                    readings[row["probe"]].append((ts, float(row["celsius"])))
                except (KeyError, ValueError):
                    continue
    return readings


def minutes_above(samples, limit):
    total = 0.0
    for (t1, v1), (t2, _) in zip(samples, samples[1:]):
        if v1 > limit:
            total += (t2 - t1).total_seconds() / 60
    return total


def build_report(readings, limit, info):
    lines = [
        f"Fridge temperature summary - generated {dt.datetime.now():%Y-%m-%d %H:%M}",
        f"Device: {info['cpu']} / {info['os']}",
        f"Safe limit: {limit:.1f} C",
        "",
    ]
    for probe, samples in sorted(readings.items()):
        samples.sort()
        values = [v for _, v in samples]
        lines.append(
            f"{probe:<10} n={len(values):<6} min={min(values):5.1f} max={max(values):5.1f} "
            f"mean={statistics.mean(values):5.1f} above_limit={minutes_above(samples, limit):6.0f} min"
        )
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description="Summarise fridge logs")
    parser.add_argument("--pattern", default="fridge_log*.csv")
    parser.add_argument("--limit", type=float, default=5.0)
    parser.add_argument("--out", default="fridge_summary.txt")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    SCRATCH.mkdir(exist_ok=True)
    try:
        readings = read_logs(args.pattern)
        if not readings:
            log.warning("no readings matched %s", args.pattern)
            return 1
        draft = SCRATCH / "draft.txt"
        draft.write_text(build_report(readings, args.limit, device_info()))
        shutil.copyfile(draft, args.out)
        log.info("report written to %s", args.out)
    finally:
        # scratch space is ours alone, drop it when done
        shutil.rmtree(SCRATCH, ignore_errors=True)

    if dashboard_up():
        log.info("dashboard reachable, remember to upload the report there too")
    else:
        log.info("dashboard not reachable right now")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
