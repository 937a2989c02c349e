#!/usr/bin/env python3
"""carousel_assignment_push.py - publish reclaim carousel assignments.

The arrivals coordinator plans which reclaim carousel each arriving flight
uses in a plain text plan (flight carousel eta per line).  This
tool validates the plan and posts it to the BHS allocation API, which
feeds the carousel displays.  The API key comes from BHS_API_KEY.
"""

import argparse
import json
import logging
import os
import re
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("carousel-push")

API_URL = "https://bhs-api.example.com/v2/carousels/assignments"
STATE_FILE = Path("./.carousel_push_state.json")
LINE_RE = re.compile(r"^(?P<flight>[A-Z0-9]{2}\d{1,4}[A-Z]?)\s+(?P<carousel>C\d{1,2})\s+(?P<eta>\d{2}:\d{2})$")
VALID_CAROUSELS = {f"C{i}" for i in range(1, 9)}


class PlanError(ValueError):
    pass


def read_plan(path):
    assignments = []
    for lineno, raw in enumerate(Path(path).read_text().splitlines(), start=1):
        line = raw.split("#", 1)[0].strip().upper()
        if not line:
            continue
        match = LINE_RE.match(line)
        if not match:
            raise PlanError(f"line {lineno}: cannot parse {raw!r}")
        entry = match.groupdict()
        if entry["carousel"] not in VALID_CAROUSELS:
            raise PlanError(f"line {lineno}: unknown carousel {entry['carousel']}")
        assignments.append(entry)
    return assignments


def check_conflicts(assignments):
    seen = {}
    for entry in assignments:
        if entry["flight"] in seen:
            raise PlanError(f"{entry['flight']} assigned twice")
        seen[entry["flight"]] = entry["carousel"]
    per_carousel = {}
    for entry in assignments:
        per_carousel.setdefault(entry["carousel"], []).append(entry["eta"])
    for carousel, etas in per_carousel.items():
        if len(etas) != len(set(etas)):
            LOG.warning("%s has two flights with the same ETA", carousel)


def push(assignments, api_key, timeout):
    headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}
    resp = requests.post(API_URL, headers=headers,
                         data=json.dumps({"assignments": assignments}), timeout=timeout)
    resp.raise_for_status()
    return resp.json()


def save_state(result):
    STATE_FILE.write_text(json.dumps(result, indent=2))
    os.chmod(STATE_FILE, 0o600)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Push carousel assignments")
    parser.add_argument("plan", help="plan file: FLIGHT CAROUSEL ETA per line")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--validate-only", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        assignments = read_plan(args.plan)
        check_conflicts(assignments)
    except (OSError, PlanError) as exc:
        LOG.error("plan rejected: %s", exc)
        return 1
    LOG.info("plan ok: %d assignments", len(assignments))
    if args.validate_only:
        return 0

    api_key = os.environ.get("BHS_API_KEY")
    if not api_key:
        LOG.error("BHS_API_KEY is not set")
        return 1
    try:
        result = push(assignments, api_key, args.timeout)
    except requests.RequestException as exc:
        LOG.error("push failed: %s", exc)
        return 1
    save_state(result)
    LOG.info("accepted by API, batch %s", result.get("batch_id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
