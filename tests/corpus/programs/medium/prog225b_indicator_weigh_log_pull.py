#!/usr/bin/env python3
"""Pull the weigh log from the weighbridge indicator's web interface.

The newer indicators at the transfer stations expose their internal weigh
log over HTTPS with a factory self-signed certificate that nobody has ever
replaced. This tool downloads the day's weigh records from each indicator
listed in the config file and writes them to a per-site CSV for the
reconciliation against ticketing.
"""

import argparse
import configparser
import csv
import datetime
import logging
import os
import sys

import requests
import urllib3

log = logging.getLogger("weigh_log_pull")

# indicators use the vendor's self-signed certificate
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class Indicator:
    def __init__(self, site, base_url, timeout):
        self.site = site
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.verify = False

    def weigh_records(self, day):
        url = f"{self.base_url}/api/weighlog"
        resp = self.session.get(url, params={"date": day.isoformat()},
                                timeout=self.timeout, verify=False)
        resp.raise_for_status()
        data = resp.json()
        return data.get("records", [])


def load_config(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(f"config {path} not found")
    sites = []
    for section in cfg.sections():
        if section.startswith("site:"):
            sites.append((section[5:], cfg[section]["url"]))
    return sites


def write_site_csv(out_dir, site, day, records):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"{site}_{day.isoformat()}.csv")
    fields = ["seq", "timestamp", "registration", "gross_kg", "tare_kg", "operator"]
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        for rec in records:
            writer.writerow(rec)
    return path


def parse_args():
    p = argparse.ArgumentParser(description="Pull indicator weigh logs")
    p.add_argument("--config", default="indicators.ini")
    p.add_argument("--date", help="YYYY-MM-DD, default yesterday")
    p.add_argument("--out", default="weigh_logs")
    p.add_argument("--timeout", type=float, default=15.0)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    day = (datetime.date.fromisoformat(args.date) if args.date
           else datetime.date.today() - datetime.timedelta(days=1))
    try:
        sites = load_config(args.config)
    except (FileNotFoundError, KeyError, configparser.Error) as exc:
        log.error("bad config: %s", exc)
        return 2

    failures = 0
    for site, url in sites:
        indicator = Indicator(site, url, args.timeout)
        try:
            records = indicator.weigh_records(day)
        except (requests.RequestException, ValueError) as exc:
            log.error("%s: fetch failed: %s", site, exc)
            failures += 1
            continue
        path = write_site_csv(args.out, site, day, records)
        log.info("%s: %d records -> %s", site, len(records), path)

    log.info("done: %d site(s), %d failure(s)", len(sites), failures)
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
