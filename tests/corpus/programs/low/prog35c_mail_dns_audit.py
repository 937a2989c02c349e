#!/usr/bin/env python3
"""Audit the mail-related DNS records (MX, SPF, DMARC) of a list of domains.

Usage: mail_dns_audit.py domains.txt [--resolver 9.9.9.9] [--out reports/mail.csv]
"""
import argparse
import csv
import logging
import sys
from pathlib import Path

import dns.exception
import dns.resolver

LOG = logging.getLogger("maildns")


class DomainAudit:
    def __init__(self, resolver: dns.resolver.Resolver):
        self.resolver = resolver

    def _query(self, name: str, rdtype: str):
        try:
            return list(self.resolver.resolve(name, rdtype))
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            return []
        except dns.exception.Timeout:
            LOG.warning("timeout for %s %s", name, rdtype)
            return []
        except dns.resolver.NoNameservers as exc:
            LOG.warning("no nameservers for %s: %s", name, exc)
            return []

    def mx(self, domain: str) -> list:
        answers = self._query(domain, "MX")
        return sorted((r.preference, r.exchange.to_text().rstrip(".")) for r in answers)

    def txt(self, name: str) -> list:
        out = []
        for r in self._query(name, "TXT"):
            out.append(b"".join(r.strings).decode("utf-8", "replace"))
        return out

    def spf(self, domain: str) -> str:
        for record in self.txt(domain):
            if record.lower().startswith("v=spf1"):
                return record
        return ""

    def dmarc(self, domain: str) -> str:
        for record in self.txt("_dmarc." + domain):
            if record.lower().startswith("v=dmarc1"):
                return record
        return ""

    def audit(self, domain: str) -> dict:
        mx = self.mx(domain)
        spf = self.spf(domain)
        dmarc = self.dmarc(domain)
        issues = []
        if not mx:
            issues.append("no MX")
        if not spf:
            issues.append("no SPF")
        elif spf.rstrip().endswith("+all"):
            issues.append("SPF allows all senders")
        if not dmarc:
            issues.append("no DMARC")
        elif "p=none" in dmarc.replace(" ", "").lower():
            issues.append("DMARC policy is none")
        return {
            "domain": domain,
            "mx": " ".join(f"{p}:{h}" for p, h in mx),
            "spf": spf,
            "dmarc": dmarc,
            "issues": "; ".join(issues) or "ok",
        }


def read_domains(path: Path) -> list:
    domains = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip().lower()
        if line and line not in domains:
            domains.append(line)
    return domains


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="mail DNS audit")
    ap.add_argument("domains", type=Path)
    ap.add_argument("--resolver", action="append", default=[])
    ap.add_argument("--timeout", type=float, default=4.0)
    ap.add_argument("--out", type=Path, default=Path("reports/mail_dns.csv"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    res = dns.resolver.Resolver(configure=not args.resolver)
    if args.resolver:
        res.nameservers = args.resolver
    res.lifetime = args.timeout

    auditor = DomainAudit(res)
    rows = []
    for domain in read_domains(args.domains):
        row = auditor.audit(domain)
        LOG.info("%-30s %s", domain, row["issues"])
        rows.append(row)

    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["domain", "mx", "spf", "dmarc", "issues"])
        writer.writeheader()
        writer.writerows(rows)
    LOG.info("wrote %d rows to %s", len(rows), args.out)
    return 0 if all(r["issues"] == "ok" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
