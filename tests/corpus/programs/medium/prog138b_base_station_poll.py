#!/usr/bin/env python3
"""Poll the remote telemetry base stations on the flying grounds.

There are three solar-powered base stations out on the moor that collect
fixes from the birds' GPS tags. Each one runs a small web status page
(self-signed certificate) and accepts SSH for pulling the day's fix log.
This checks they are alive, reads battery/solar status, downloads new
fix logs into ./incoming, and caches the last status so the morning
report can show trends.
"""
import argparse
import logging
import os
import pickle
import subprocess
from datetime import datetime
from pathlib import Path

import paramiko
import requests
import urllib3

LOG = logging.getLogger("stations")

STATIONS = {
    "north-moor": "198.51.100.71",
    "quarry": "198.51.100.72",
    "river-field": "198.51.100.73",
}
CACHE = Path(".station_status.pkl")
INCOMING = Path("incoming")

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def reachable(ip):
    res = subprocess.run(["ping", "-c", "2", "-W", "2", ip],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return res.returncode == 0


def status_page(ip):
    # stations use a self-signed cert that changes on every firmware flash
    r = requests.get(f"https://{ip}/status.json", timeout=10, verify=False)
    r.raise_for_status()
    return r.json()


class LogPuller:
    def __init__(self, user, password):
        self.user = user
        self.password = password

    def pull(self, name, ip, since):
        client = paramiko.SSHClient()
        client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        client.connect(ip, username=self.user, password=self.password, timeout=15)
        got = 0
        try:
            sftp = client.open_sftp()
            dest = INCOMING / name
            dest.mkdir(parents=True, exist_ok=True)
            for entry in sftp.listdir_attr("/data/fixes"):
                if entry.st_mtime <= since:
                    continue
                sftp.get(f"/data/fixes/{entry.filename}", str(dest / entry.filename))
                got += 1
            sftp.close()
        finally:
            client.close()
        return got


def load_cache():
    if CACHE.exists():
        with CACHE.open("rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with CACHE.open("wb") as fh:
        pickle.dump(cache, fh)


def main():
    ap = argparse.ArgumentParser(description="poll telemetry base stations")
    ap.add_argument("--only", choices=sorted(STATIONS), action="append")
    ap.add_argument("--no-pull", action="store_true", help="status only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    user = os.environ.get("STATION_USER", "tagbase")
    password = os.environ.get("STATION_PASSWORD")
    if not password and not args.no_pull:
        LOG.error("STATION_PASSWORD not set (use --no-pull for status only)")
        return 2

    cache = load_cache()
    puller = LogPuller(user, password)
    for name, ip in STATIONS.items():
        if args.only and name not in args.only:
            continue
        if not reachable(ip):
            LOG.warning("%s (%s) not answering ping", name, ip)
            continue
        entry = cache.setdefault(name, {"history": [], "last_pull": 0})
        try:
            st = status_page(ip)
            entry["history"].append((datetime.now(), st.get("batt_v"), st.get("solar_w")))
            entry["history"] = entry["history"][-200:]
            LOG.info("%s: battery %.2f V, solar %s W", name,
                     st.get("batt_v", 0.0), st.get("solar_w", "?"))
        except requests.RequestException as exc:
            LOG.warning("%s: status page failed: %s", name, exc)
        if not args.no_pull:
            try:
                n = puller.pull(name, ip, entry["last_pull"])
                entry["last_pull"] = datetime.now().timestamp()
                LOG.info("%s: %d new fix log(s)", name, n)
            except (paramiko.SSHException, OSError) as exc:
                LOG.warning("%s: pull failed: %s", name, exc)
    save_cache(cache)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
