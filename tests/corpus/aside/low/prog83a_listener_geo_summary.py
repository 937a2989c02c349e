#!/usr/bin/env python3
"""Listener geography summary from Icecast access logs.

Reads one or more Icecast access.log files, maps each listener IP to a
country with the local CIDR table (geo_ranges.csv: cidr,country), and writes
listener-hours per mount and country to listener_geo_<period>.csv for the
monthly royalty report.
"""

import argparse
import collections
import csv
import gzip
import ipaddress
import logging
import re
import sys
from pathlib import Path

log = logging.getLogger("geo-summary")

LINE_RE = re.compile(
    r'(?P<ip>\S+) \S+ \S+ \[(?P<ts>[^\]]+)\] "GET (?P<path>\S+) [^"]*" '
    r'(?P<status>\d{3}) (?P<bytes>\d+|-) "[^"]*" "(?P<ua>[^"]*)" (?P<secs>\d+)'
)


class GeoTable:
    def __init__(self, path):
        self.nets = collections.defaultdict(list)
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                net = ipaddress.ip_network(row["cidr"], strict=False)
                self.nets[net.version].append((net, row["country"]))
        for v in self.nets:
            self.nets[v].sort(key=lambda t: t[0].prefixlen, reverse=True)
        log.info("geo table: %d v4, %d v6 ranges", len(self.nets[4]), len(self.nets[6]))

    def country(self, ip):
        try:
            addr = ipaddress.ip_address(ip)
        except ValueError:
            return "??"
        for net, cc in self.nets[addr.version]:
            if addr in net:
                return cc
        return "ZZ"


def open_log(path):
    return gzip.open(path, "rt", errors="replace") if path.suffix == ".gz" \
        else open(path, errors="replace")


def sessions(paths, min_secs):
    for p in paths:
        with open_log(p) as fh:
            for line in fh:
                m = LINE_RE.match(line)
                if not m or m["status"] != "200":
                    continue
                secs = int(m["secs"])
                if secs < min_secs:
                    continue
                yield m["ip"], m["path"].split("?", 1)[0], secs


def summarise(paths, geo, min_secs):
    hours = collections.Counter()
    uniques = collections.defaultdict(set)
    for ip, mount, secs in sessions(paths, min_secs):
        cc = geo.country(ip)
        hours[(mount, cc)] += secs / 3600.0
        uniques[(mount, cc)].add(ip)
    return hours, uniques


def write_report(out, hours, uniques):
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["mount", "country", "listener_hours", "unique_ips"])
        for (mount, cc), h in sorted(hours.items(), key=lambda kv: -kv[1]):
            w.writerow([mount, cc, f"{h:.2f}", len(uniques[(mount, cc)])])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("logs", nargs="+", type=Path)
    ap.add_argument("--geo", default="geo_ranges.csv")
    ap.add_argument("--period", default="current")
    ap.add_argument("--min-secs", type=int, default=60,
                    help="ignore sessions shorter than this (royalty rule)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    missing = [p for p in args.logs if not p.exists()]
    if missing:
        log.error("missing logs: %s", ", ".join(map(str, missing)))
        return 1
    geo = GeoTable(args.geo)
    hours, uniques = summarise(args.logs, geo, args.min_secs)
    out = f"listener_geo_{args.period}.csv"
    write_report(out, hours, uniques)
    log.info("wrote %d rows to %s", len(hours), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
