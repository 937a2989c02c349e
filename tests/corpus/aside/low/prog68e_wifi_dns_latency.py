#!/usr/bin/env python3
"""Home Wi-Fi health probe: link quality and DNS latency, logged to CSV.

Reads the wireless link quality from /proc/net/wireless and times name
lookups for a handful of everyday sites, appending one row per sample to
wifi_health.csv in the current directory. Handy for proving to the ISP that
"the internet is slow in the evenings".
"""

import argparse
import csv
import json
import logging
import socket
import statistics
import sys
import time
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("wifi-probe")
DEFAULT_HOSTS = ["www.bbc.co.uk", "www.google.com", "netflix.com", "zoom.us", "steamcommunity.com"]


class Probe:
    def __init__(self, hosts, iface=None):
        self.hosts = hosts
        self.iface = iface

    def link_quality(self):
        try:
            lines = Path("/proc/net/wireless").read_text().splitlines()[2:]
        except OSError:
            return None, None
        for line in lines:
            name, rest = line.split(":", 1)
            if self.iface and name.strip() != self.iface:
                continue
            fields = rest.split()
            return float(fields[1].rstrip(".")), float(fields[2].rstrip("."))
        return None, None

    @staticmethod
    def _lookup(name):
        t0 = time.perf_counter()
        try:
            socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
            ok = True
        except socket.gaierror:
            ok = False
        return ok, (time.perf_counter() - t0) * 1000

    def dns_timings(self):
        for host in self.hosts:
            ok, ms = self._lookup(host)
            yield host, ok, ms

    def sample(self):
        quality, level = self.link_quality()
        results = list(self.dns_timings())
        times = [ms for _, ok, ms in results if ok]
        return {
            "ts": datetime.now().isoformat(timespec="seconds"),
            "link_quality": quality,
            "signal_dbm": level,
            "dns_ok": sum(1 for _, ok, _ in results if ok),
            "dns_fail": sum(1 for _, ok, _ in results if not ok),
            "dns_median_ms": round(statistics.median(times), 1) if times else None,
            "dns_max_ms": round(max(times), 1) if times else None,
        }


def load_hosts(path):
    if path and Path(path).exists():
        return json.loads(Path(path).read_text()).get("hosts", DEFAULT_HOSTS)
    return DEFAULT_HOSTS


def append_row(csv_path: Path, row: dict):
    new = not csv_path.exists()
    with csv_path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(row))
        if new:
            w.writeheader()
        w.writerow(row)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hosts-file", default="probe_hosts.json")
    ap.add_argument("--iface")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--count", type=int, default=0, help="0 = run until stopped")
    ap.add_argument("--out", type=Path, default=Path("wifi_health.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    probe = Probe(load_hosts(args.hosts_file), args.iface)
    n = 0
    try:
        while args.count == 0 or n < args.count:
            row = probe.sample()
            append_row(args.out, row)
            LOG.info("quality=%s dns_median=%sms fail=%s",
                     row["link_quality"], row["dns_median_ms"], row["dns_fail"])
            n += 1
            time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopped after %d samples", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
