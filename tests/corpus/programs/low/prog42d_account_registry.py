#!/usr/bin/env python3
"""Validate the multi-account registry (accounts.yaml) against AWS region data.

Each entry in accounts.yaml names an account, its owning team, the regions it
may deploy to and the CIDR it was allocated. The script checks that regions
exist in the public AWS ip-ranges feed and that CIDRs do not overlap.
"""
import argparse
import ipaddress
import json
import logging
import sys
import urllib.request
from itertools import combinations

import yaml

IP_RANGES_URL = "https://ip-ranges.amazonaws.com/ip-ranges.json"
REQUIRED_KEYS = {"id", "name", "owner", "regions", "cidr"}

logger = logging.getLogger("account_registry")


class RegistryError(Exception):
    pass


def load_registry(path):
    with open(path, encoding="utf-8") as fh:
        doc = yaml.safe_load(fh) or {}
    accounts = doc.get("accounts")
    if not isinstance(accounts, list):
        raise RegistryError("accounts.yaml must contain an 'accounts' list")
    return accounts


def known_regions(url=IP_RANGES_URL, timeout=15):
    req = urllib.request.Request(url, headers={"User-Agent": "account-registry/1.3"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    return {p["region"] for p in data.get("prefixes", []) if p.get("region") != "GLOBAL"}


def check_entry(entry, regions):
    problems = []
    missing = REQUIRED_KEYS - set(entry)
    if missing:
        problems.append(f"missing keys: {', '.join(sorted(missing))}")
    acct_id = str(entry.get("id", ""))
    if not (acct_id.isdigit() and len(acct_id) == 12):
        problems.append(f"account id {acct_id!r} is not 12 digits")
    for region in entry.get("regions", []):
        if regions and region not in regions:
            problems.append(f"unknown region {region}")
    try:
        ipaddress.ip_network(entry.get("cidr", ""))
    except ValueError:
        problems.append(f"bad cidr {entry.get('cidr')!r}")
    return problems


def overlapping(accounts):
    nets = []
    for a in accounts:
        try:
            nets.append((a.get("name"), ipaddress.ip_network(a["cidr"])))
        except (KeyError, ValueError):
            continue
    for (n1, c1), (n2, c2) in combinations(nets, 2):
        if c1.overlaps(c2):
            yield n1, n2, c1, c2


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("registry", nargs="?", default="accounts.yaml")
    parser.add_argument("--offline", action="store_true", help="skip region lookup")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        accounts = load_registry(args.registry)
    except (OSError, yaml.YAMLError, RegistryError) as exc:
        logger.error("cannot load registry: %s", exc)
        return 2

    regions = set()
    if not args.offline:
        try:
            regions = known_regions()
        except OSError as exc:
            logger.warning("region lookup failed (%s); skipping region checks", exc)

    failures = 0
    for entry in accounts:
        for problem in check_entry(entry, regions):
            failures += 1
            logger.error("%s: %s", entry.get("name", "<unnamed>"), problem)
    for n1, n2, c1, c2 in overlapping(accounts):
        failures += 1
        logger.error("CIDR overlap: %s %s <-> %s %s", n1, c1, n2, c2)

    logger.info("%d accounts checked, %d problems", len(accounts), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
