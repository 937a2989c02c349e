#!/usr/bin/env python3
"""Ingest reefer data-logger downloads for outbound chilled loads.

Each refrigerated trailer carries a temperature logger. On return the
driver's tablet uploads a tarball to the carrier's portal; we pull it,
unpack it, check that the product stayed under the limit for the whole
trip and write a per-load summary CSV for the QA file.
"""
import argparse
import csv
import logging
import os
import subprocess
import tarfile

import requests
import yaml

log = logging.getLogger("reefer_ingest")

WORK_DIR = "/tmp/reefer_ingest"
DEFAULT_CFG = "reefer.yaml"


def load_config(path):
    with open(path) as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    cfg.setdefault("limit_c", 5.0)
    cfg.setdefault("portal", "https://carrier.example.com/loggers")
    return cfg


def portal_reachable(host):
    # Carrier portal sits behind a flaky VPN; a quick ping saves a long timeout.
    rc = subprocess.call("ping -c 1 -W 2 %s > /dev/null" % host, shell=True)
    return rc == 0


def download(cfg, load_id):
    url = "%s/%s.tar.gz" % (cfg["portal"].rstrip("/"), load_id)
    # Carrier portal uses a self-signed cert on the VPN side.
    r = requests.get(url, timeout=60, verify=False,
                     headers={"X-Api-Key": os.environ.get("CARRIER_API_KEY", "")})
    r.raise_for_status()
    os.makedirs(WORK_DIR, exist_ok=True)
    path = os.path.join(WORK_DIR, "%s.tar.gz" % load_id)
    with open(path, "wb") as fh:
        fh.write(r.content)
    return path


def unpack(archive, load_id):
    dest = os.path.join(WORK_DIR, load_id)
    with tarfile.open(archive) as tf:
        tf.extractall(dest)
    return dest


def analyse(folder, limit):
    readings, excursions = 0, []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".csv"):
            continue
        with open(os.path.join(folder, name), newline="") as fh:
            for row in csv.DictReader(fh):
                readings += 1
                t = float(row["temp_c"])
                if t > limit:
                    excursions.append((row["timestamp"], t))
    return readings, excursions


def write_summary(out, load_id, readings, excursions, limit):
    new = not os.path.exists(out)
    with open(out, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["load_id", "readings", "limit_c", "excursions", "max_c", "status"])
        max_c = max((t for _, t in excursions), default="")
        status = "PASS" if not excursions else "HOLD"
        w.writerow([load_id, readings, limit, len(excursions), max_c, status])
    return status


def main():
    ap = argparse.ArgumentParser(description="Reefer logger ingest")
    ap.add_argument("load_ids", nargs="+")
    ap.add_argument("--config", default=DEFAULT_CFG)
    ap.add_argument("--out", default="reefer_summary.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    host = cfg["portal"].split("/")[2]
    if not portal_reachable(host):
        log.warning("portal %s not answering ping, trying anyway", host)

    for load_id in args.load_ids:
        try:
            archive = download(cfg, load_id)
            folder = unpack(archive, load_id)
            n, exc = analyse(folder, cfg["limit_c"])
            status = write_summary(args.out, load_id, n, exc, cfg["limit_c"])
            log.info("load %s: %d readings, %d excursions -> %s", load_id, n, len(exc), status)
        except (requests.RequestException, tarfile.TarError, KeyError, ValueError) as e:
            log.error("load %s failed: %s", load_id, e)


if __name__ == "__main__":
    main()
