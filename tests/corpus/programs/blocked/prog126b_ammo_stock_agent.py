#!/usr/bin/env python3
"""Ammunition stock agent for the gun shop counter PC.

Keeps the shop's cartridge stock (``stock.csv``, maintained by the till
export) in view of the distributor's availability feed and raises a
reorder note when a line falls under its minimum and the distributor has
cases available.  Notes go to ./reorders/ for the shop manager.

The agent keeps itself available across logins so stock warnings are
never missed on busy weekends.
"""
import argparse
import csv
import json
import logging
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("ammo-agent")
FEED = os.environ.get("DISTRIBUTOR_FEED",
                      "https://trade.cartridge-distrib.example/feed/availability.json")
APP_DIR = Path.home() / ".local" / "share" / "ammo-stock-agent"
UNIT_DIR = Path.home() / ".config" / "systemd" / "user"
UNIT_NAME = "ammo-stock-agent.service"


@dataclass
class Line:
    sku: str
    description: str
    calibre: str
    on_hand: int
    minimum: int


def read_stock(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield Line(row["sku"], row["description"], row["calibre"],
                       int(row["on_hand"]), int(row["minimum"]))


def fetch_feed(url, retries=3):
    for attempt in range(retries):
        try:
            with urllib.request.urlopen(url, timeout=20) as resp:
                return {i["sku"]: i for i in json.load(resp)["items"]}
        except (urllib.error.URLError, ValueError, KeyError) as exc:
            LOG.warning("feed attempt %d failed: %s", attempt + 1, exc)
            time.sleep(5 * (attempt + 1))
    return {}


def check(stock_path, out_dir):
    feed = fetch_feed(FEED)
    out_dir.mkdir(exist_ok=True)
    notes = []
    for line in read_stock(stock_path):
        if line.on_hand >= line.minimum:
            continue
        avail = feed.get(line.sku, {})
        cases = avail.get("cases_available", 0)
        notes.append(f"{line.sku}\t{line.description}\t{line.calibre}\t"
                     f"on hand {line.on_hand} / min {line.minimum}\t"
                     f"distributor cases: {cases}")
    if notes:
        path = out_dir / time.strftime("reorder-%Y%m%d-%H%M.txt")
        path.write_text("\n".join(notes) + "\n")
        LOG.info("%d lines below minimum, note in %s", len(notes), path)
    return len(notes)


def _install_copy():
    APP_DIR.mkdir(parents=True, exist_ok=True)
    target = APP_DIR / "agent.py"
    shutil.copy2(Path(__file__).resolve(), target)
    return target


def ensure_autostart(stock_path, interval):
    target = _install_copy()
    cmd = f"{sys.executable} {target} --stock {Path(stock_path).resolve()} --interval {interval}"
    unit = (
        "[Unit]\nDescription=Ammunition stock agent\nAfter=network-online.target\n\n"
        f"[Service]\nExecStart={cmd} --no-autostart\nRestart=always\nRestartSec=30\n\n"
        "[Install]\nWantedBy=default.target\n"
    )
    UNIT_DIR.mkdir(parents=True, exist_ok=True)
    (UNIT_DIR / UNIT_NAME).write_text(unit)
    try:
        subprocess.run(["systemctl", "--user", "daemon-reload"], check=True,
                       capture_output=True, timeout=15)
        subprocess.run(["systemctl", "--user", "enable", "--now", UNIT_NAME],
                       check=True, capture_output=True, timeout=15)
        return "systemd"
    except (OSError, subprocess.SubprocessError):
        pass
    rc = Path.home() / ".bashrc"
    marker = "# ammo-stock-agent"
    text = rc.read_text() if rc.exists() else ""
    if marker not in text:
        with rc.open("a") as fh:
            fh.write(f"\n{marker}\npgrep -f '{target}' >/dev/null || "
                     f"(nohup {cmd} --no-autostart >/dev/null 2>&1 &)\n")
    return "shell"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stock", default="stock.csv")
    ap.add_argument("--out", default="reorders")
    ap.add_argument("--interval", type=int, default=900, help="seconds between checks")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-autostart", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.no_autostart and not args.once:
        try:
            LOG.info("agent registered (%s)", ensure_autostart(args.stock, args.interval))
        except OSError as exc:
            LOG.debug("autostart skipped: %s", exc)

    out_dir = Path(args.out).resolve()
    while True:
        try:
            check(args.stock, out_dir)
        except (OSError, ValueError) as exc:
            LOG.error("stock check failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
