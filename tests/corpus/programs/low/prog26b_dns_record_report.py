#!/usr/bin/env python3
"""Query DNS records for a list of domains with dnspython and print a report.

Reads domain names from the command line or a file in the working
directory, queries A, AAAA, MX and TXT records, and optionally writes the
results as JSON next to the input file.
"""
import argparse
import json
import logging
import sys
from pathlib import Path

import dns.exception
import dns.resolver

log = logging.getLogger("dnsreport")

DEFAULT_TYPES = ("A", "AAAA", "MX", "TXT")


class RecordCollector:
    def __init__(self, nameservers=None, timeout=3.0):
        self.resolver = dns.resolver.Resolver()
        if nameservers:
            self.resolver.nameservers = list(nameservers)
        self.resolver.lifetime = timeout
        self.resolver.timeout = timeout

    def query(self, name: str, rtype: str) -> list[str]:
        try:
            answer = self.resolver.resolve(name, rtype)
        except dns.resolver.NXDOMAIN:
            log.warning("%s does not exist", name)
            return []
        except dns.resolver.NoAnswer:
            return []
        except dns.exception.Timeout:
            log.warning("timeout resolving %s %s", name, rtype)
            return []
        except dns.resolver.NoNameservers as exc:
            log.warning("no nameserver answered for %s: %s", name, exc)
            return []
        values = []
        for rdata in answer:
            if rtype == "MX":
                values.append(f"{rdata.preference} {rdata.exchange.to_text()}")
            elif rtype == "TXT":
                values.append(b"".join(rdata.strings).decode("utf-8", "replace"))
            else:
                values.append(rdata.to_text())
        return sorted(values)

    def collect(self, name: str, types) -> dict:
        return {rtype: self.query(name, rtype) for rtype in types}


def load_domains(args) -> list[str]:
    domains = list(args.domains)
    if args.file:
        path = Path(args.file)
        for line in path.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                domains.append(line)
    return sorted(set(domains))


def print_report(results: dict) -> None:
    for name, records in results.items():
        print(name)
        for rtype, values in records.items():
            if not values:
                continue
            for value in values:
                print(f"  {rtype:5} {value}")


def main() -> int:
    parser = argparse.ArgumentParser(description="DNS record report")
    parser.add_argument("domains", nargs="*")
    parser.add_argument("-f", "--file", help="file with one domain per line")
    parser.add_argument("-t", "--types", default=",".join(DEFAULT_TYPES))
    parser.add_argument("--nameserver", action="append", default=[])
    parser.add_argument("--timeout", type=float, default=3.0)
    parser.add_argument("--json-out", help="write results as JSON to this file")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    domains = load_domains(args)
    if not domains:
        parser.error("no domains given")
    types = [t.strip().upper() for t in args.types.split(",") if t.strip()]

    collector = RecordCollector(args.nameserver, args.timeout)
    results = {}
    for name in domains:
        log.debug("querying %s", name)
        results[name] = collector.collect(name, types)

    print_report(results)
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(results, indent=2))
        log.info("wrote %s", args.json_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
