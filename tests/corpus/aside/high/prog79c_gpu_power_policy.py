#!/usr/bin/env python3
"""Snapshot of GPU utilisation on a lab node plus the evening power policy.

Reads NVML through pynvml and appends a row per device to gpu_usage.csv.
Outside teaching hours the shared nodes are capped to the configured board
power so the machine room stays inside its cooling budget; the cap is applied
per device with nvidia-smi.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import shlex
import socket
import subprocess
import sys
from pathlib import Path

import pynvml

log = logging.getLogger("gpu-power")

FIELDS = ["timestamp", "host", "index", "name", "util_gpu", "mem_used_mib", "power_w", "power_limit_w"]
DEFAULT_POLICY = {"teaching_hours": [8, 19], "evening_cap_w": 180, "elevate": "sudo -n"}


def _text(value):
    return value.decode() if isinstance(value, bytes) else value


def device_rows(host, now):
    for idx in range(pynvml.nvmlDeviceGetCount()):
        handle = pynvml.nvmlDeviceGetHandleByIndex(idx)
        util = pynvml.nvmlDeviceGetUtilizationRates(handle)
        mem = pynvml.nvmlDeviceGetMemoryInfo(handle)
        try:
            power = pynvml.nvmlDeviceGetPowerUsage(handle) / 1000.0
            limit = pynvml.nvmlDeviceGetEnforcedPowerLimit(handle) / 1000.0
        except pynvml.NVMLError:
            power = limit = float("nan")
        yield {
            "timestamp": now, "host": host, "index": idx,
            "name": _text(pynvml.nvmlDeviceGetName(handle)),
            "util_gpu": util.gpu, "mem_used_mib": mem.used // (1 << 20),
            "power_w": round(power, 1), "power_limit_w": round(limit, 1),
        }


def write_rows(path, rows):
    new_file = not path.exists()
    with path.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if new_file:
            writer.writeheader()
        writer.writerows(rows)


class PowerPolicy:
    def __init__(self, cfg):
        self.cfg = {**DEFAULT_POLICY, **cfg}
        self.prefix = shlex.split(self.cfg["elevate"])

    def in_teaching_hours(self, when):
        start, end = self.cfg["teaching_hours"]
        return when.weekday() < 5 and start <= when.hour < end

    def target_for(self, row, when):
        if self.in_teaching_hours(when):
            return None
        cap = int(self.cfg["evening_cap_w"])
        if row["power_limit_w"] == row["power_limit_w"] and int(row["power_limit_w"]) <= cap:
            return None
        return cap

    def apply(self, index, watts, dry_run=False):
        cmd = self.prefix + ["nvidia-smi", "-i", str(index), "-pl", str(watts)]
        log.info("GPU%d -> %d W (%s)", index, watts, " ".join(cmd))
        if dry_run:
            return True
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
        if res.returncode != 0:
            log.error("GPU%d power cap failed: %s", index, res.stderr.strip() or res.stdout.strip())
            return False
        return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-o", "--output", default="gpu_usage.csv")
    ap.add_argument("--policy", default="power_policy.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        cfg = json.loads(Path(args.policy).read_text())
    except FileNotFoundError:
        cfg = {}
    policy = PowerPolicy(cfg)

    try:
        pynvml.nvmlInit()
    except pynvml.NVMLError as exc:
        log.error("NVML unavailable: %s", exc)
        return 1

    failures = 0
    try:
        when = dt.datetime.now()
        rows = list(device_rows(socket.gethostname(), when.isoformat(timespec="seconds")))
        write_rows(Path(args.output), rows)
        for row in rows:
            watts = policy.target_for(row, when)
            if watts is not None and not policy.apply(row["index"], watts, args.dry_run):
                failures += 1
    finally:
        pynvml.nvmlShutdown()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
