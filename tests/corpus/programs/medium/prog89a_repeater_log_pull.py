#!/usr/bin/env python3
"""Collect the audio-activity logs from the hill-top repeater controllers.

Each repeater site has a small Linux controller that writes a daily
activity log (key-ups, CTCSS decodes, battery voltage).  After an incident
the radio officer needs those logs to reconstruct who transmitted when.
This pulls them over SFTP from every site in sites.ini into
./radio_logs/<site>/ and prints a per-site summary.
"""

import argparse
import configparser
import csv
import logging
import os
import stat
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from datetime import date, timedelta
from pathlib import Path

import paramiko

LOG = logging.getLogger("repeater-logs")


class Site:
    def __init__(self, name: str, sec):
        self.name = name
        self.host = sec["host"]
        self.port = sec.getint("port", 22)
        self.user = sec.get("user", "telemetry")
        self.log_dir = sec.get("log_dir", "/var/log/rptctl")
        self.key_file = os.path.expanduser(sec.get("key", "~/.ssh/mrt_repeaters"))


def connect(site: Site) -> paramiko.SSHClient:
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    # site controllers get re-imaged after lightning damage, keys change
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(site.host, port=site.port, username=site.user,
                   key_filename=site.key_file, timeout=20, banner_timeout=30)
    return client


def wanted_names(since: date, until: date):
    d = since
    while d <= until:
        yield f"activity-{d:%Y%m%d}.csv"
        d += timedelta(days=1)


def pull_site(site: Site, since: date, until: date, dest_root: Path) -> dict:
    dest = dest_root / site.name
    dest.mkdir(parents=True, exist_ok=True)
    got, missing = [], []
    client = connect(site)
    try:
        sftp = client.open_sftp()
        remote = {a.filename: a for a in sftp.listdir_attr(site.log_dir) if stat.S_ISREG(a.st_mode)}
        for name in wanted_names(since, until):
            attr = remote.get(name)
            if attr is None:
                missing.append(name)
                continue
            local = dest / name
            if local.exists() and local.stat().st_size == attr.st_size:
                got.append(local)
                continue
            sftp.get(f"{site.log_dir}/{name}", str(local))
            got.append(local)
        sftp.close()
    finally:
        client.close()
    return {"site": site.name, "files": got, "missing": missing}


def summarise(files):
    keyups, low_v = 0, None
    for f in files:
        with f.open(newline="") as fh:
            for row in csv.DictReader(fh):
                if row.get("event") == "KEYUP":
                    keyups += 1
                try:
                    v = float(row.get("battery_v") or "nan")
                except ValueError:
                    continue
                if v == v and (low_v is None or v < low_v):
                    low_v = v
    return keyups, low_v


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=Path("sites.ini"))
    ap.add_argument("--since", type=date.fromisoformat, default=date.today() - timedelta(days=1))
    ap.add_argument("--until", type=date.fromisoformat, default=date.today())
    ap.add_argument("-o", "--out", type=Path, default=Path("radio_logs"))
    ap.add_argument("-j", "--jobs", type=int, default=4)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    cp = configparser.ConfigParser()
    if not cp.read(args.config):
        LOG.error("cannot read %s", args.config)
        return 2
    sites = [Site(n, cp[n]) for n in cp.sections()]

    failures = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(pull_site, s, args.since, args.until, args.out): s for s in sites}
        for fut in as_completed(futs):
            site = futs[fut]
            try:
                res = fut.result()
            except (paramiko.SSHException, OSError) as exc:
                LOG.error("%s: %s", site.name, exc)
                failures += 1
                continue
            keyups, low_v = summarise(res["files"])
            LOG.info("%-12s %2d file(s) %5d key-ups  min battery %s  missing: %s",
                     site.name, len(res["files"]), keyups,
                     f"{low_v:.2f} V" if low_v is not None else "n/a",
                     ", ".join(res["missing"]) or "-")
    return 1 if failures == len(sites) else 0


if __name__ == "__main__":
    sys.exit(main())
