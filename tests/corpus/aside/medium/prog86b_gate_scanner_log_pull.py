#!/usr/bin/env python3
"""Gate scanner log puller.

Each lift turnstile has a small Linux scanner head that keeps its RFID read
log under /var/lib/gatescan/logs. This pulls yesterday's (or a given day's)
logs from every head listed in gates.ini over SFTP into ./scanner_logs/<day>/
so ticketing can reconcile disputed scans.
"""

import argparse
import configparser
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from datetime import date, timedelta
from pathlib import Path

import paramiko

LOG = logging.getLogger("scanner-pull")

REMOTE_DIR = "/var/lib/gatescan/logs"


def load_gates(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise FileNotFoundError(path)
    defaults = cp["defaults"] if cp.has_section("defaults") else {}
    gates = []
    for name in cp.sections():
        if name == "defaults":
            continue
        sec = cp[name]
        gates.append({
            "name": name,
            "host": sec.get("host"),
            "port": int(sec.get("port", defaults.get("port", 22))),
            "user": sec.get("user", defaults.get("user", "gatescan")),
            "key": os.path.expanduser(sec.get("key", defaults.get("key", "~/.ssh/gatescan_ed25519"))),
        })
    return gates


def connect(gate, timeout):
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    # scanner heads get re-imaged by the vendor every season
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(gate["host"], port=gate["port"], username=gate["user"],
                   key_filename=gate["key"], timeout=timeout, banner_timeout=timeout)
    return client


def pull_gate(gate, day, dest_root, timeout):
    dest = dest_root / day.isoformat() / gate["name"]
    dest.mkdir(parents=True, exist_ok=True)
    stamp = day.strftime("%Y%m%d")
    client = connect(gate, timeout)
    try:
        sftp = client.open_sftp()
        names = [n for n in sftp.listdir(REMOTE_DIR) if stamp in n]
        for n in names:
            sftp.get(f"{REMOTE_DIR}/{n}", str(dest / n))
        sftp.close()
        return gate["name"], len(names)
    finally:
        client.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="gates.ini")
    ap.add_argument("-d", "--day", help="YYYY-MM-DD (default: yesterday)")
    ap.add_argument("-o", "--out", default="scanner_logs")
    ap.add_argument("-j", "--jobs", type=int, default=6)
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    day = date.fromisoformat(args.day) if args.day else date.today() - timedelta(days=1)
    try:
        gates = load_gates(args.config)
    except FileNotFoundError as exc:
        LOG.error("config not found: %s", exc)
        return 1

    failures = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(pull_gate, g, day, Path(args.out), args.timeout): g for g in gates}
        for fut in as_completed(futures):
            gate = futures[fut]
            try:
                name, n = fut.result()
                LOG.info("%s: %d file(s)", name, n)
            except (paramiko.SSHException, OSError) as exc:
                failures += 1
                LOG.error("%s (%s): %s", gate["name"], gate["host"], exc)
    LOG.info("done: %d gate(s), %d failed", len(gates), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
