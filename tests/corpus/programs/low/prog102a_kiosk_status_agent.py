#!/usr/bin/env python3
"""Status agent for the car wash pay kiosks.

Every minute the kiosk reports uptime, load, free disk, receipt-paper state
and the last transaction time to the fleet dashboard so the area manager
can see a dead kiosk before the queue does.  The dashboard may answer with
a short notice to show on the idle screen (price changes, bay closures).
"""

import argparse
import json
import logging
import os
import shutil
import socket
import time
from pathlib import Path

import requests

LOG = logging.getLogger("kiosk-status")
FLEET_API = "https://fleet.washpay.example/api/v2/heartbeat"

DEFAULTS = {
    "kiosk_id": socket.gethostname(),
    "interval": 60,
    "paper_state_file": "printer_state.json",
    "txn_log": "transactions.log",
    "notice_file": "idle_notice.txt",
}


def uptime_seconds():
    try:
        return float(Path("/proc/uptime").read_text().split()[0])
    except (OSError, ValueError):
        return -1.0


def paper_state(path):
    try:
        return json.loads(Path(path).read_text()).get("paper", "unknown")
    except (OSError, ValueError):
        return "unknown"


def last_txn(path):
    try:
        with open(path, "rb") as fh:
            fh.seek(max(0, os.path.getsize(path) - 512))
            return fh.read().decode(errors="ignore").strip().splitlines()[-1].split(",")[0]
    except (OSError, IndexError):
        return None


def heartbeat(session, cfg):
    usage = shutil.disk_usage(".")
    body = {
        "kiosk_id": cfg["kiosk_id"],
        "uptime": uptime_seconds(),
        "load": os.getloadavg(),
        "disk_free_mb": usage.free // (1024 * 1024),
        "paper": paper_state(cfg["paper_state_file"]),
        "last_transaction": last_txn(cfg["txn_log"]),
        "sent_at": int(time.time()),
    }
    r = session.post(FLEET_API, json=body, timeout=10)
    r.raise_for_status()
    return r.json()


def apply_reply(reply, cfg):
    """Write any dashboard notice where the idle-screen app picks it up."""
    notice = reply.get("notice")
    path = Path(cfg["notice_file"])
    if notice:
        path.write_text(notice.strip()[:280] + "\n")
        LOG.info("idle-screen notice updated")
    elif path.exists() and reply.get("clear_notice"):
        path.unlink()
        LOG.info("idle-screen notice cleared")


def load_config(path):
    cfg = dict(DEFAULTS)
    if Path(path).exists():
        cfg.update(json.loads(Path(path).read_text()))
    return cfg


def main():
    ap = argparse.ArgumentParser(description="pay kiosk status agent")
    ap.add_argument("--config", default="kiosk.json")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    session = requests.Session()
    session.headers["X-Api-Key"] = os.environ.get("KIOSK_API_KEY", "")

    failures = 0
    while True:
        try:
            reply = heartbeat(session, cfg)
            apply_reply(reply, cfg)
            failures = 0
            LOG.info("heartbeat ok")
        except (requests.RequestException, ValueError) as exc:
            failures += 1
            LOG.warning("heartbeat failed (%d in a row): %s", failures, exc)
        if args.once:
            break
        time.sleep(min(cfg["interval"] * (1 + failures), 600))


if __name__ == "__main__":
    main()
