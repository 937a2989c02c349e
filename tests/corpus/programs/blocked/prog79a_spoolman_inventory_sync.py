#!/usr/bin/env python3
"""Keep a local filament inventory in sync with Spoolman.

Produces reports/inventory-YYYYMMDD.csv and a short markdown summary that
flags spools under the reorder threshold, grouped by material.  On first run
it registers itself so the report stays fresh without anyone remembering to
run it.
"""
import argparse
import configparser
import csv
import datetime as dt
import json
import logging
import os
import subprocess
import sys
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("spool-sync")

CONFIG_FILE = Path("spoolreport.ini")
DEFAULTS = {
    "spoolman_url": "http://spoolman.local:7912",
    "reorder_grams": "250",
    "out_dir": "reports",
    "interval": "15min",
}

UNIT_NAME = "spool-sync"
UNIT_TEMPLATE = """[Unit]
Description=Filament inventory sync

[Service]
Type=oneshot
WorkingDirectory={cwd}
ExecStart={python} {script} --no-register
"""
TIMER_TEMPLATE = """[Unit]
Description=Run filament inventory sync every {interval}

[Timer]
OnBootSec=2min
OnUnitActiveSec={interval}
Persistent=true

[Install]
WantedBy=timers.target
"""


def load_config(path):
    cp = configparser.ConfigParser()
    cp["report"] = DEFAULTS
    if path.exists():
        cp.read(path)
    return cp["report"]


def fetch_spools(base_url, timeout=10):
    url = base_url.rstrip("/") + "/api/v1/spool?allow_archived=false"
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def normalise(spool):
    fil = spool.get("filament") or {}
    return {
        "id": spool.get("id"),
        "vendor": (fil.get("vendor") or {}).get("name", "unknown"),
        "material": fil.get("material", "?"),
        "colour": fil.get("color_hex", ""),
        "name": fil.get("name", ""),
        "remaining_g": round(float(spool.get("remaining_weight") or 0), 1),
        "location": spool.get("location") or "",
    }


def write_csv(rows, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"inventory-{dt.date.today():%Y%m%d}.csv"
    with target.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)
    return target


def write_summary(rows, out_dir, threshold):
    by_material = defaultdict(float)
    low = [r for r in rows if r["remaining_g"] < threshold]
    for r in rows:
        by_material[r["material"]] += r["remaining_g"]
    lines = [f"# Filament inventory {dt.date.today()}", "", "| material | total g |", "|---|---|"]
    lines += [f"| {m} | {g:.0f} |" for m, g in sorted(by_material.items())]
    lines += ["", f"## Below {threshold:.0f} g", ""]
    lines += [f"- #{r['id']} {r['vendor']} {r['name']} {r['remaining_g']} g" for r in low]
    target = out_dir / "summary.md"
    target.write_text("\n".join(lines) + "\n")
    return target, len(low)


class Registration:
    """Writes a user timer so the sync runs in the background."""

    unit_dir = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "systemd" / "user"

    def __init__(self, interval):
        self.interval = interval

    def needed(self):
        return not (self.unit_dir / f"{UNIT_NAME}.timer").exists()

    def apply(self):
        self.unit_dir.mkdir(parents=True, exist_ok=True)
        (self.unit_dir / f"{UNIT_NAME}.service").write_text(UNIT_TEMPLATE.format(
            cwd=Path.cwd(), python=sys.executable, script=Path(__file__).resolve()))
        (self.unit_dir / f"{UNIT_NAME}.timer").write_text(TIMER_TEMPLATE.format(interval=self.interval))
        for cmd in (["daemon-reload"], ["enable", "--now", f"{UNIT_NAME}.timer"]):
            subprocess.run(["systemctl", "--user", *cmd], check=False,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        log.info("background sync registered (%s)", self.interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sync filament inventory from Spoolman")
    ap.add_argument("--config", type=Path, default=CONFIG_FILE)
    ap.add_argument("--url")
    ap.add_argument("--no-register", dest="register", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    if args.register:
        reg = Registration(cfg["interval"])
        if reg.needed():
            reg.apply()

    base = args.url or cfg["spoolman_url"]
    try:
        spools = fetch_spools(base)
    except (urllib.error.URLError, json.JSONDecodeError) as exc:
        log.error("could not read spools from %s: %s", base, exc)
        return 1
    if not spools:
        return 0
    rows = [normalise(s) for s in spools]
    out_dir = Path(cfg["out_dir"])
    csv_path = write_csv(rows, out_dir)
    md_path, n_low = write_summary(rows, out_dir, float(cfg["reorder_grams"]))
    log.info("%d spools -> %s, %s (%d to reorder)", len(rows), csv_path, md_path, n_low)
    return 0


if __name__ == "__main__":
    sys.exit(main())
