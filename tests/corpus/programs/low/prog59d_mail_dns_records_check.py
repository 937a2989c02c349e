#!/usr/bin/env python3
"""Verify that MX, SPF and DMARC records for our sending domains match the
expected values listed in ./dns_expectations.json."""
import argparse
import json
import logging
import sys
from dataclasses import dataclass, field

import dns.exception
import dns.resolver

logger = logging.getLogger("dnscheck")


@dataclass
class DomainReport:
    domain: str
    problems: list = field(default_factory=list)

    @property
    def ok(self):
        return not self.problems


class RecordChecker:
    def __init__(self, nameservers=None, timeout=4.0):
        self.resolver = dns.resolver.Resolver()
        if nameservers:
            self.resolver.nameservers = list(nameservers)
        self.resolver.lifetime = timeout

    def txt(self, name):
        try:
            answer = self.resolver.resolve(name, "TXT")
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            return []
        return [b"".join(r.strings).decode("utf-8", "replace") for r in answer]

    def mx(self, name):
        try:
            answer = self.resolver.resolve(name, "MX")
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            return []
        return sorted(str(r.exchange).rstrip(".").lower() for r in answer)

    def check(self, domain, expected):
        report = DomainReport(domain)
        try:
            mx_hosts = self.mx(domain)
            if sorted(expected.get("mx", [])) != mx_hosts:
                report.problems.append(f"MX mismatch: got {mx_hosts}")
            spf = [t for t in self.txt(domain) if t.startswith("v=spf1")]
            if len(spf) != 1:
                report.problems.append(f"expected one SPF record, found {len(spf)}")
            elif expected.get("spf_include") and expected["spf_include"] not in spf[0]:
                report.problems.append("SPF lacks include:" + expected["spf_include"])
            dmarc = self.txt(f"_dmarc.{domain}")
            if not any(t.startswith("v=DMARC1") for t in dmarc):
                report.problems.append("no DMARC record")
        except dns.exception.Timeout:
            report.problems.append("lookup timed out")
        return report


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="dns_expectations.json")
    parser.add_argument("--nameserver", action="append")
    parser.add_argument("--report", default="dns_report.json")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    with open(args.config, encoding="utf-8") as fh:
        expectations = json.load(fh)

    checker = RecordChecker(args.nameserver)
    reports = [checker.check(d, exp) for d, exp in expectations.items()]
    failures = 0
    for rep in reports:
        if rep.ok:
            logger.info("%s: OK", rep.domain)
        else:
            failures += 1
            for problem in rep.problems:
                logger.warning("%s: %s", rep.domain, problem)

    with open(args.report, "w", encoding="utf-8") as fh:
        json.dump({r.domain: r.problems for r in reports}, fh, indent=2)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
