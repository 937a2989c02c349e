#!/usr/bin/env python3
"""Collect fridge temperature logs from the kitchen Pis at every site.

Each location (two sushi bars, the bagel bakery, the pasta kitchen) has a
Raspberry Pi logging probe readings to ~/temp_logs/YYYY-MM-DD.csv. This
pulls the last N days over SFTP into ./collected/<site>/ and prints a
HACCP summary of out-of-range readings for the weekly review.

Sites are listed in sites.yaml:
    sites:
      - name: sushi-uptown
        host: 10.20.1.15
        user: kitchen
"""

import argparse
import csv
import logging
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from datetime import date, timedelta
from pathlib import Path

import paramiko
import yaml

log = logging.getLogger("fridge-collect")

REMOTE_DIR = "temp_logs"


def load_sites(path: Path):
    with path.open() as fh:
        data = yaml.safe_load(fh) or {}
    sites = data.get("sites", [])
    if not sites:
        raise SystemExit(f"no sites in {path}")
    return sites


class SiteCollector:
    def __init__(self, site: dict, dest_root: Path, days: int, key_file: str | None):
        self.site = site
        self.dest = dest_root / site["name"]
        self.days = days
        self.key_file = key_file

    def _client(self):
        client = paramiko.SSHClient()
        client.load_system_host_keys()
        # Pis get reimaged often; their host keys change with every image.
        client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        client.connect(
            self.site["host"],
            port=int(self.site.get("port", 22)),
            username=self.site.get("user", "kitchen"),
            key_filename=self.key_file,
            allow_agent=True,
            timeout=10,
        )
        return client

    def wanted_files(self):
        today = date.today()
        for i in range(self.days):
            yield f"{today - timedelta(days=i):%Y-%m-%d}.csv"

    def collect(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        fetched = []
        client = self._client()
        try:
            sftp = client.open_sftp()
            for name in self.wanted_files():
                remote = f"{REMOTE_DIR}/{name}"
                local = self.dest / name
                try:
                    sftp.get(remote, str(local))
                    fetched.append(local)
                except FileNotFoundError:
                    log.debug("%s: no %s", self.site["name"], name)
            sftp.close()
        finally:
            client.close()
        return fetched


def summarise(files):
    alerts = []
    for f in files:
        with f.open(newline="") as fh:
            for row in csv.DictReader(fh):
                if row.get("status") == "out_of_range":
                    alerts.append((f.parent.name, row["timestamp"], row["unit"], row["temp_c"]))
    return alerts


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sites", type=Path, default=Path("sites.yaml"))
    ap.add_argument("--dest", type=Path, default=Path("collected"))
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--key", default=None, help="private key for the kitchen user")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    sites = load_sites(args.sites)
    all_files, failed = [], []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(SiteCollector(s, args.dest, args.days, args.key).collect): s["name"]
                   for s in sites}
        for fut in as_completed(futures):
            name = futures[fut]
            try:
                files = fut.result()
                log.info("%s: %d file(s)", name, len(files))
                all_files.extend(files)
            except (paramiko.SSHException, OSError) as exc:
                log.error("%s: %s", name, exc)
                failed.append(name)

    alerts = summarise(all_files)
    print(f"\nOut-of-range readings, last {args.days} days: {len(alerts)}")
    for site, ts, unit, temp in sorted(alerts):
        print(f"  {site:<16} {ts:<26} {unit:<14} {temp} C")
    if failed:
        print("Unreachable: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
