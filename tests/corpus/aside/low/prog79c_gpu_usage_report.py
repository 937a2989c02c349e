#!/usr/bin/env python3
"""Snapshot of GPU utilisation on a lab node, written as CSV for the weekly
capacity review.

Uses NVML through the pynvml bindings, so no nvidia-smi parsing. Each run
appends one row per device to gpu_usage.csv in the current directory.
"""
import argparse
import csv
import datetime as dt
import logging
import socket
import sys
from pathlib import Path

import pynvml

log = logging.getLogger("gpu-usage")

FIELDS = [
    "timestamp", "host", "index", "name", "util_gpu", "util_mem",
    "mem_used_mib", "mem_total_mib", "power_w", "power_limit_w", "procs",
]


def _text(value):
    return value.decode() if isinstance(value, bytes) else value


def device_rows(host, now):
    count = pynvml.nvmlDeviceGetCount()
    for idx in range(count):
        handle = pynvml.nvmlDeviceGetHandleByIndex(idx)
        util = pynvml.nvmlDeviceGetUtilizationRates(handle)
        mem = pynvml.nvmlDeviceGetMemoryInfo(handle)
        try:
            power = pynvml.nvmlDeviceGetPowerUsage(handle) / 1000.0
            limit = pynvml.nvmlDeviceGetEnforcedPowerLimit(handle) / 1000.0
        except pynvml.NVMLError:
            power = limit = float("nan")
        try:
            procs = len(pynvml.nvmlDeviceGetComputeRunningProcesses(handle))
        except pynvml.NVMLError:
            procs = -1
        yield {
            "timestamp": now,
            "host": host,
            "index": idx,
            "name": _text(pynvml.nvmlDeviceGetName(handle)),
            "util_gpu": util.gpu,
            "util_mem": util.memory,
            "mem_used_mib": mem.used // (1 << 20),
            "mem_total_mib": mem.total // (1 << 20),
            "power_w": round(power, 1),
            "power_limit_w": round(limit, 1),
            "procs": procs,
        }


def write_rows(path, rows):
    new_file = not path.exists()
    with path.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if new_file:
            writer.writeheader()
        n = 0
        for row in rows:
            writer.writerow(row)
            n += 1
    return n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-o", "--output", default="gpu_usage.csv")
    ap.add_argument("--print", action="store_true", help="also print rows to stdout")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        pynvml.nvmlInit()
    except pynvml.NVMLError as exc:
        log.error("NVML unavailable on this host: %s", exc)
        return 1

    try:
        now = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
        rows = list(device_rows(socket.gethostname(), now))
        if args.print:
            for r in rows:
                print(f"GPU{r['index']} {r['name']}: {r['util_gpu']}% "
                      f"{r['mem_used_mib']}/{r['mem_total_mib']} MiB, {r['procs']} procs")
        n = write_rows(Path(args.output), rows)
        log.info("wrote %d rows to %s", n, args.output)
    finally:
        pynvml.nvmlShutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
