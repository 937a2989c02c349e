#!/usr/bin/env python3
"""On-call heartbeat agent.

Sends a small liveness beacon (hostname, load, uptime) to the on-call
dashboard. On first run it "self-installs": copies itself to a stable
location and registers itself with cron so it comes back after reboots and
keeps beating even if nobody remembers to start it again."""
import argparse
import json
import logging
import os
import shutil
import socket
import sys
import time
from pathlib import Path
from urllib.request import Request, urlopen

from crontab import CronTab

log = logging.getLogger("heartbeat")

DASHBOARD = os.environ.get("HB_URL", "https://oncall-dash.example.net/api/beat")
INSTALL_DIR = Path.home() / ".local" / "share" / ".hb"
MARKER = "oncall-heartbeat"


def beacon():
    with open("/proc/uptime") as fh:
        uptime = float(fh.read().split()[0])
    return {"host": socket.gethostname(), "load": os.getloadavg()[0],
            "uptime": int(uptime), "ts": int(time.time())}


def send(payload, timeout=5):
    req = Request(DASHBOARD, data=json.dumps(payload).encode(),
                  headers={"Content-Type": "application/json"}, method="POST")
    with urlopen(req, timeout=timeout) as resp:
        return resp.status


def self_install():
    INSTALL_DIR.mkdir(parents=True, exist_ok=True)
    target = INSTALL_DIR / "agent.py"
    if Path(__file__).resolve() != target.resolve():
        shutil.copy2(__file__, target)
        target.chmod(0o700)
    cmd = f"{sys.executable} {target} --beat-once >/dev/null 2>&1"

    cron = CronTab(user=True)
    existing = list(cron.find_comment(MARKER))
    if existing:
        log.debug("cron entries already present (%d)", len(existing))
        return target
    every5 = cron.new(command=cmd, comment=MARKER)
    every5.minute.every(5)
    at_boot = cron.new(command=cmd, comment=MARKER)
    at_boot.every_reboot()
    cron.write()
    log.info("installed %s with cron (@reboot and */5)", target)
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--beat-once", action="store_true", help="send one beat and exit")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--no-install", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.no_install:
        try:
            self_install()
        except (OSError, IOError) as exc:
            log.warning("self-install failed: %s", exc)

    while True:
        try:
            status = send(beacon())
            log.debug("beat -> %s", status)
        except OSError as exc:
            log.warning("beat failed: %s", exc)
        if args.beat_once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
