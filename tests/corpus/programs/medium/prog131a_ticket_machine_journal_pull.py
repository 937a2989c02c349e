#!/usr/bin/env python3
"""Pull transaction journals from on-bus ticket machines parked in the depot.

Each ticket machine exposes its journal directory over FTP while docked on the
yard Wi-Fi.  This tool walks the configured machines, downloads any journal
files we have not seen yet into ./ticket_exports/<machine>/ and records what
it fetched in a small state file so the next run only grabs new files.
"""

import argparse
import csv
import ftplib
import json
import logging
import time
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("ticket_pull")

DEFAULT_CONFIG = {
    "machines": [
        {"id": "TM-0411", "host": "10.40.2.11", "user": "journal", "password": "journal"},
        {"id": "TM-0412", "host": "10.40.2.12", "user": "journal", "password": "journal"},
    ],
    "remote_dir": "/journal",
    "export_dir": "ticket_exports",
    "state_file": ".ticket_sync_state.json",
    "report_file": "ticket_pull_report.csv",
}


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULT_CONFIG))
    if path and Path(path).exists():
        with open(path, "r", encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


class SyncState:
    def __init__(self, path):
        self.path = Path(path)
        self.seen = {}
        if self.path.exists():
            try:
                self.seen = json.loads(self.path.read_text())
            except ValueError:
                log.warning("state file %s unreadable, starting fresh", self.path)

    def is_new(self, machine_id, name, size):
        return self.seen.get(machine_id, {}).get(name) != size

    def mark(self, machine_id, name, size):
        self.seen.setdefault(machine_id, {})[name] = size

    def save(self):
        self.path.write_text(json.dumps(self.seen, indent=2, sort_keys=True))


def fetch_machine(machine, cfg, state):
    target = Path(cfg["export_dir"]) / machine["id"]
    target.mkdir(parents=True, exist_ok=True)
    fetched = 0
    with ftplib.FTP(machine["host"], timeout=15) as ftp:
        ftp.login(machine["user"], machine["password"])
        ftp.cwd(cfg["remote_dir"])
        for name, facts in ftp.mlsd(facts=["type", "size"]):
            if facts.get("type") != "file" or not name.endswith(".jnl"):
                continue
            size = facts.get("size", "0")
            if not state.is_new(machine["id"], name, size):
                continue
            with open(target / name, "wb") as out:
                ftp.retrbinary("RETR " + name, out.write)
            state.mark(machine["id"], name, size)
            fetched += 1
    return fetched


def write_report(path, rows):
    new_file = not Path(path).exists()
    with open(path, "a", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(["timestamp", "machine", "fetched", "status"])
        writer.writerows(rows)


def sync_once(cfg, state):
    rows, total = [], 0
    stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
    for machine in cfg["machines"]:
        try:
            n = fetch_machine(machine, cfg, state)
            log.info("%s: %d new journal file(s)", machine["id"], n)
            rows.append([stamp, machine["id"], n, "ok"])
            total += n
        except (OSError, ftplib.Error) as exc:
            log.warning("%s: sync failed (%s)", machine["id"], exc)
            rows.append([stamp, machine["id"], 0, str(exc)])
    state.save()
    write_report(cfg["report_file"], rows)
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="ticket_sync.json")
    parser.add_argument("--once", action="store_true", help="run a single pass and exit")
    parser.add_argument("--interval", type=int, default=300, help="seconds between passes")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    cfg = load_config(args.config)
    state = SyncState(cfg["state_file"])

    while True:
        total = sync_once(cfg, state)
        log.info("pass complete, %d file(s) fetched", total)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
