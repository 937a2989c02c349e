#!/usr/bin/env python3
"""Pull trail-condition reports for the club's hill routes.

Route list and feed settings come from a YAML file kept next to the script.
Reports are fetched from the land-access partner's feed and summarised
into a short text bulletin for the weekly club email.
"""
import argparse
import json
import logging
import sys
import time

import requests
import urllib3
import yaml

LOG = logging.getLogger("conditions")

DEFAULT_CONFIG = "conditions.yaml"
SETTINGS = {
    "feed": "https://conditions.example.com/api/reports",
    "timeout": 15,
    "check_cert": False,  # partner's certificate chain is self-issued
}


def load_config(path):
    with open(path) as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader) or {}
    merged = dict(SETTINGS)
    merged.update(cfg.get("feed_settings", {}))
    merged["routes"] = cfg.get("routes", [])
    return merged


class Feed:
    def __init__(self, url, timeout, check_cert):
        self.url = url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.verify = check_cert
        if not check_cert:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def report(self, route_id):
        resp = self.session.get(self.url, params={"route": route_id}, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def summarise(route, report):
    status = report.get("status", "unknown")
    notes = report.get("notes", "").strip()
    updated = report.get("updated", "?")
    line = f"{route['name']}: {status} (updated {updated})"
    if notes:
        line += f" - {notes}"
    return line


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("--out", default="bulletin.txt")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        cfg = load_config(args.config)
    except (OSError, yaml.YAMLError) as exc:
        LOG.error("config problem: %s", exc)
        return 1

    feed = Feed(cfg["feed"], cfg["timeout"], cfg["check_cert"])
    lines = [f"Trail conditions - {time.strftime('%d %B %Y')}", ""]
    for route in cfg["routes"]:
        try:
            lines.append(summarise(route, feed.report(route["id"])))
        except (requests.RequestException, json.JSONDecodeError, KeyError) as exc:
            LOG.warning("no report for %s: %s", route.get("name", "?"), exc)
            lines.append(f"{route.get('name', '?')}: no report available")

    with open(args.out, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    LOG.info("bulletin written to %s (%d routes)", args.out, len(cfg["routes"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
