#!/usr/bin/env python3
"""Monthly floating-licence usage report for the survey office.

Polls the licence server's JSON status page, summarises seats in use per
feature (TBC, 12d, Civil3D, Pix4D...) and uploads the summary to the vendor
reseller portal so our true-up quote is based on real numbers.

Config lives in licence_report.ini next to the script:

    [server]
    host = lic01.office.lan
    port = 27080
    [portal]
    host = portal.geolicensing.example
    path = /api/v2/usage
"""
import argparse
import configparser
import csv
import datetime as dt
import http.client
import json
import logging
import os
import sys
import time
from collections import Counter
from pathlib import Path

log = logging.getLogger("licreport")
HERE = Path(__file__).resolve().parent


def load_config(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise SystemExit(f"config not found: {path}")
    return cfg


def fetch_status(host, port, retries=3):
    last = None
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPConnection(host, port, timeout=10)
        try:
            conn.request("GET", "/status.json", headers={"Accept": "application/json"})
            resp = conn.getresponse()
            if resp.status != 200:
                raise RuntimeError(f"status page returned {resp.status}")
            return json.loads(resp.read())
        except (OSError, RuntimeError, ValueError) as exc:
            last = exc
            log.warning("attempt %d/%d failed: %s", attempt, retries, exc)
            time.sleep(2 * attempt)
        finally:
            conn.close()
    raise RuntimeError(f"licence server unreachable: {last}")


def summarise(status):
    used = Counter()
    total = {}
    for feat in status.get("features", []):
        name = feat.get("name", "?")
        total[name] = int(feat.get("issued", 0))
        used[name] += len(feat.get("checkouts", []))
    return [{"feature": f, "issued": total[f], "in_use": used[f]} for f in sorted(total)]


def write_local(rows, out_dir):
    out_dir.mkdir(exist_ok=True)
    path = out_dir / f"licence_usage_{dt.date.today():%Y%m}.csv"
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["ts", "feature", "issued", "in_use"])
        if new:
            w.writeheader()
        ts = dt.datetime.now().isoformat(timespec="seconds")
        for r in rows:
            w.writerow({"ts": ts, **r})
    return path


def upload(cfg, rows):
    api_key = os.environ.get("GEOLIC_PORTAL_KEY")
    if not api_key:
        log.info("GEOLIC_PORTAL_KEY not set; skipping portal upload")
        return False
    body = json.dumps({
        "site": cfg.get("portal", "site_id", fallback="unknown"),
        "period": f"{dt.date.today():%Y-%m}",
        "features": rows,
    })
    conn = http.client.HTTPSConnection(cfg["portal"]["host"], timeout=15)
    try:
        conn.request("POST", cfg["portal"].get("path", "/api/v2/usage"), body=body,
                     headers={"Content-Type": "application/json",
                              "Authorization": f"Bearer {api_key}"})
        resp = conn.getresponse()
        resp.read()
        log.info("portal responded %s %s", resp.status, resp.reason)
        return 200 <= resp.status < 300
    finally:
        conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Floating licence usage report")
    ap.add_argument("-c", "--config", default=str(HERE / "licence_report.ini"))
    ap.add_argument("--out", default="reports")
    ap.add_argument("--no-upload", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    try:
        status = fetch_status(cfg["server"]["host"], cfg.getint("server", "port", fallback=27080))
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2
    rows = summarise(status)
    for r in rows:
        log.info("%-20s %3d / %3d", r["feature"], r["in_use"], r["issued"])
    path = write_local(rows, Path(args.out))
    log.info("appended to %s", path)
    if not args.no_upload:
        upload(cfg, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
