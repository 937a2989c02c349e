#!/usr/bin/env python3
"""Dispatch turbine fault tickets from the SCADA alarm export to the CMMS.

The SCADA server exports new alarms every 10 minutes to
./alarm_export/alarms_<timestamp>.csv.  This dispatcher maps alarm codes to
work categories and priorities using dispatch.yaml, suppresses repeats of an
open fault on the same turbine, and creates work orders through the CMMS
REST API.  Sent alarms are remembered in .dispatch_state.json.

dispatch.yaml:
    cmms:
      url: https://cmms.site.local/api/workorders
      verify_tls: false        # CMMS appliance uses the vendor's self-signed cert
    rules:
      - codes: [3100-3199]
        category: pitch
        priority: 1
      - codes: [4000-4099]
        category: converter
        priority: 2
"""

import argparse
import csv
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests
import yaml

log = logging.getLogger("fault_dispatch")

STATE_PATH = Path(".dispatch_state.json")


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    rules = []
    for rule in cfg.get("rules", []):
        for spec in rule["codes"]:
            lo, _, hi = str(spec).partition("-")
            rules.append((int(lo), int(hi or lo), rule["category"], int(rule.get("priority", 3))))
    cfg["_rules"] = sorted(rules)
    return cfg


def classify(code, rules):
    for lo, hi, category, priority in rules:
        if lo <= code <= hi:
            return category, priority
    return "general", 3


def read_alarms(export_dir, seen_files):
    for path in sorted(Path(export_dir).glob("alarms_*.csv")):
        if path.name in seen_files:
            continue
        with path.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                yield path.name, row
        seen_files.add(path.name)


def load_state():
    try:
        data = json.loads(STATE_PATH.read_text())
        return set(data.get("files", [])), dict(data.get("open", {}))
    except (OSError, ValueError):
        return set(), {}


def save_state(files, open_faults):
    STATE_PATH.write_text(json.dumps({"files": sorted(files), "open": open_faults}, indent=1))


class CmmsClient:
    def __init__(self, cfg):
        self.url = cfg["url"]
        self.verify = cfg.get("verify_tls", False)
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Token {os.environ.get('CMMS_TOKEN', '')}"

    def create(self, order, retries=3):
        for attempt in range(1, retries + 1):
            try:
                r = self.session.post(self.url, json=order, timeout=15, verify=self.verify)
                r.raise_for_status()
                return r.json().get("id")
            except requests.RequestException as exc:
                log.warning("create attempt %d failed: %s", attempt, exc)
                time.sleep(2 * attempt)
        raise RuntimeError("CMMS unavailable")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="dispatch.yaml")
    ap.add_argument("--export-dir", default="alarm_export")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = load_config(args.config)
    except (OSError, yaml.YAMLError, KeyError, ValueError) as exc:
        log.error("config: %s", exc)
        return 2
    client = CmmsClient(cfg["cmms"])
    files, open_faults = load_state()
    created = 0
    try:
        for source, row in read_alarms(args.export_dir, files):
            turbine, code = row["turbine"], int(row["code"])
            key = f"{turbine}:{code}"
            if row.get("state") == "cleared":
                open_faults.pop(key, None)
                continue
            if key in open_faults:
                continue
            category, priority = classify(code, cfg["_rules"])
            order = {"asset": turbine, "title": f"{turbine} alarm {code} {row.get('text', '')}".strip(),
                     "category": category, "priority": priority,
                     "reported_at": row.get("timestamp"), "source": f"scada:{source}"}
            if args.dry_run:
                log.info("would create: %s", order["title"])
                continue
            open_faults[key] = client.create(order)
            created += 1
            log.info("work order %s for %s (P%d)", open_faults[key], key, priority)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    finally:
        if not args.dry_run:
            save_state(files, open_faults)
    log.info("%d work orders created", created)
    return 0


if __name__ == "__main__":
    sys.exit(main())
