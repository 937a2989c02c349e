#!/usr/bin/env python3
"""Pull the weekly HVAC occupancy schedule from the facilities portal.

The portal publishes one document per building with the zone schedules and
the site's setpoint rules. Rules are declarative (offset a setpoint or force a
mode for matching zones) and are applied to every slot before the schedule is
written to ./schedules for the BACnet writer to pick up.
"""
import argparse
import fnmatch
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("hvac-sync")

PORTAL = os.environ.get("FACILITIES_PORTAL", "https://facilities.example.org")
OUT_DIR = Path("schedules")


class RuleSet:
    """Holds the declarative setpoint rules shipped with a schedule document."""

    def __init__(self):
        self.rules = []

    def load(self, rules):
        for rule in rules:
            if "zones" not in rule:
                continue
            self.rules.append({
                "name": rule.get("name", "rule_%d" % len(self.rules)),
                "zones": rule["zones"],
                "offset": float(rule.get("offset", 0.0)),
                "mode": rule.get("mode"),
            })
            LOG.info("loaded rule %s", self.rules[-1]["name"])

    def apply(self, zone, slot):
        for rule in self.rules:
            if not fnmatch.fnmatch(zone, rule["zones"]):
                continue
            slot["setpoint"] = round(float(slot["setpoint"]) + rule["offset"], 1)
            if rule["mode"]:
                slot["mode"] = rule["mode"]
        return slot


def fetch_document(building, retries=3, timeout=20):
    url = f"{PORTAL}/api/hvac/{building}/schedule?week=current"
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    last_err = None
    for attempt in range(retries):
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return json.load(resp)
        except (urllib.error.URLError, ValueError) as exc:
            last_err = exc
            LOG.warning("fetch %s failed (%s), retry %d", url, exc, attempt + 1)
            time.sleep(3 * (attempt + 1))
    raise RuntimeError(f"could not fetch schedule: {last_err}")


def validate_slot(slot):
    for key in ("start", "end", "mode", "setpoint"):
        if key not in slot:
            raise ValueError(f"slot missing {key}: {slot}")
    if not 12.0 <= float(slot["setpoint"]) <= 30.0:
        raise ValueError(f"setpoint out of range: {slot['setpoint']}")
    return slot


def build_schedule(doc, rules):
    out = {}
    for zone, slots in doc.get("zones", {}).items():
        adjusted = []
        for slot in slots:
            adjusted.append(validate_slot(rules.apply(zone, dict(slot))))
        out[zone] = adjusted
    return out


def write_schedule(building, schedule):
    OUT_DIR.mkdir(exist_ok=True)
    target = OUT_DIR / f"{building}.json"
    tmp = target.with_suffix(".json.part")
    tmp.write_text(json.dumps(schedule, indent=2))
    os.chmod(tmp, 0o600)
    tmp.replace(target)
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(description="sync HVAC schedules from the facilities portal")
    ap.add_argument("buildings", nargs="+", help="building codes, e.g. HQ-A LAB-2")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    failed = 0
    for building in args.buildings:
        try:
            doc = fetch_document(building)
            rules = RuleSet()
            rules.load(doc.get("rules", []))
            schedule = build_schedule(doc, rules)
        except (RuntimeError, ValueError) as exc:
            LOG.error("%s: %s", building, exc)
            failed += 1
            continue
        if args.dry_run:
            print(json.dumps(schedule, indent=2))
        else:
            LOG.info("wrote %s", write_schedule(building, schedule))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
