#!/usr/bin/env python3
"""Check customer contact details before the collection reminder run.

Reads the customer export from the repair ledger (customers.csv), normalises
UK phone numbers, checks that each e-mail domain actually accepts mail (has
MX or at least an A record) and writes contact_check.csv listing the
customers whose reminders would bounce, so the front desk can ring them.
"""
import argparse
import csv
import logging
import re
import sys
from collections import Counter
from functools import lru_cache

import dns.exception
import dns.resolver

log = logging.getLogger("contact-check")

EMAIL_RE = re.compile(r"^[^@\s]+@([A-Za-z0-9.-]+\.[A-Za-z]{2,})$")


def normalise_phone(raw: str) -> str:
    digits = re.sub(r"[^\d+]", "", raw or "")
    if digits.startswith("+44"):
        digits = "0" + digits[3:]
    elif digits.startswith("0044"):
        digits = "0" + digits[4:]
    if re.fullmatch(r"0\d{9,10}", digits):
        return digits
    return ""


class MailDomainChecker:
    def __init__(self, timeout: float = 4.0):
        self.resolver = dns.resolver.Resolver()
        self.resolver.lifetime = timeout

    @lru_cache(maxsize=2048)
    def accepts_mail(self, domain: str) -> str:
        """Return 'mx', 'a' or '' for the given domain."""
        for rtype, label in (("MX", "mx"), ("A", "a")):
            try:
                answer = self.resolver.resolve(domain, rtype)
                if len(answer):
                    return label
            except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
                continue
            except (dns.resolver.NoNameservers, dns.exception.Timeout) as exc:
                log.debug("lookup %s %s failed: %s", domain, rtype, exc)
                continue
        return ""


def check_row(row: dict, checker: MailDomainChecker) -> list:
    problems = []
    email = (row.get("email") or "").strip().lower()
    m = EMAIL_RE.match(email)
    if not email:
        problems.append("no email")
    elif not m:
        problems.append("malformed email")
    elif not checker.accepts_mail(m.group(1)):
        problems.append("domain does not accept mail")
    if not normalise_phone(row.get("phone", "")):
        problems.append("no usable phone")
    return problems


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export", nargs="?", default="customers.csv")
    ap.add_argument("-o", "--output", default="contact_check.csv")
    ap.add_argument("--timeout", type=float, default=4.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    checker = MailDomainChecker(args.timeout)
    tally = Counter()
    flagged = []
    try:
        with open(args.export, newline="", encoding="utf-8-sig") as fh:
            for row in csv.DictReader(fh):
                tally["customers"] += 1
                problems = check_row(row, checker)
                if problems:
                    tally["flagged"] += 1
                    flagged.append({
                        "ticket": row.get("ticket", ""),
                        "name": row.get("name", ""),
                        "email": row.get("email", ""),
                        "phone": row.get("phone", ""),
                        "problems": "; ".join(problems),
                    })
    except FileNotFoundError:
        log.error("export %s not found - run 'Export customers' in the ledger first", args.export)
        return 1

    with open(args.output, "w", newline="") as out:
        w = csv.DictWriter(out, fieldnames=["ticket", "name", "email", "phone", "problems"])
        w.writeheader()
        w.writerows(flagged)

    log.info("%d customers checked, %d need a phone call -> %s",
             tally["customers"], tally["flagged"], args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
