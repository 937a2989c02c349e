#!/usr/bin/env python3
"""Barrier-gate controller for the multi-storey car park entry lanes.

Started at boot on the lane Raspberry Pi.  Exports the relay and loop
detector GPIO lines, then runs as the unprivileged ``parking`` account and
polls a ticket queue file written by the ANPR / ticket-machine process:
each accepted ticket pulses the barrier relay open and waits for the exit
loop to clear before closing.
"""
import argparse
import configparser
import grp
import json
import logging
import os
import pwd
import sys
import time

LOG = logging.getLogger("gate-ctl")

GPIO_ROOT = "/sys/class/gpio"
DEFAULTS = {
    "relay_pin": "17",
    "loop_pin": "27",
    "run_as": "parking",
    "queue_file": "tickets.jsonl",
    "open_seconds": "8",
}


class GpioLine:
    """Minimal sysfs GPIO line; avoids pulling RPi.GPIO onto the lane image."""

    def __init__(self, pin, direction):
        self.pin = int(pin)
        self.direction = direction
        self.base = os.path.join(GPIO_ROOT, f"gpio{self.pin}")

    def _write(self, path, value):
        with open(path, "w") as fh:
            fh.write(str(value))

    def export(self):
        if not os.path.isdir(self.base):
            self._write(os.path.join(GPIO_ROOT, "export"), self.pin)
            for _ in range(20):  # udev needs a moment to create the node
                if os.path.isdir(self.base):
                    break
                time.sleep(0.05)
        self._write(os.path.join(self.base, "direction"), self.direction)
        LOG.info("gpio%d exported as %s", self.pin, self.direction)

    def set(self, value):
        self._write(os.path.join(self.base, "value"), 1 if value else 0)

    def get(self):
        with open(os.path.join(self.base, "value")) as fh:
            return fh.read().strip() == "1"


def drop_to(account):
    """Switch the process to the service account once GPIO is set up."""
    if os.geteuid() != 0:
        LOG.info("not root, keeping uid %d", os.geteuid())
        return
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.chdir(pw.pw_dir)
    LOG.info("now running as %s (uid %d)", account, pw.pw_uid)


def read_tickets(path, offset):
    try:
        with open(path) as fh:
            fh.seek(offset)
            lines = fh.readlines()
            return [json.loads(l) for l in lines if l.strip()], fh.tell()
    except FileNotFoundError:
        return [], offset


def cycle_gate(relay, loop, open_seconds):
    relay.set(True)
    deadline = time.monotonic() + open_seconds
    while time.monotonic() < deadline or loop.get():
        time.sleep(0.1)
    relay.set(False)


def main():
    ap = argparse.ArgumentParser(description="parking barrier gate controller")
    ap.add_argument("-c", "--config", default="gate.ini")
    ap.add_argument("--lane", default="entry1")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s [%(name)s] %(message)s")

    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    cfg.read(args.config)
    lane = cfg[args.lane] if cfg.has_section(args.lane) else cfg["DEFAULT"]

    relay = GpioLine(lane["relay_pin"], "out")
    loop = GpioLine(lane["loop_pin"], "in")
    try:
        relay.export()
        loop.export()
    except OSError as exc:
        LOG.error("GPIO setup failed: %s", exc)
        return 1
    relay.set(False)
    queue_path = os.path.abspath(lane["queue_file"])
    drop_to(lane["run_as"])

    offset = 0
    LOG.info("lane %s ready, watching %s", args.lane, queue_path)
    while True:
        tickets, offset = read_tickets(queue_path, offset)
        for t in tickets:
            if t.get("status") == "accepted":
                LOG.info("opening for ticket %s plate %s", t.get("id"), t.get("plate", "?"))
                cycle_gate(relay, loop, lane.getfloat("open_seconds"))
        time.sleep(0.25)


if __name__ == "__main__":
    sys.exit(main())
