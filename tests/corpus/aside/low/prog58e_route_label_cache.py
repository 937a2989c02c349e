#!/usr/bin/env python3
"""Prepare carrier label requests for the evening dispatch wave.

Looks up each consignment's route from the routing service (cached on disk
by an MD5 of the request), and embeds the rendered ZPL label as base64 in the
JSON handed to the label printer bridge."""

import argparse
import base64
import csv
import hashlib
import json
import logging
import sys
from collections import deque
from pathlib import Path

import requests

log = logging.getLogger("dispatch.labels")
ROUTING_URL = "https://routing.fleetline.example/api/v1/route"
CACHE = Path(".route-cache")


def cache_key(origin: str, postcode: str, service: str) -> str:
    raw = f"{origin}|{postcode.replace(' ', '').upper()}|{service}"
    return hashlib.md5(raw.encode()).hexdigest()


class RouteLookup:
    def __init__(self, session: requests.Session, origin: str):
        self.session = session
        self.origin = origin
        CACHE.mkdir(exist_ok=True)

    def route_for(self, postcode: str, service: str) -> dict:
        entry = CACHE / f"{cache_key(self.origin, postcode, service)}.json"
        if entry.exists():
            return json.loads(entry.read_text())
        resp = self.session.get(ROUTING_URL, params={
            "from": self.origin, "to": postcode, "service": service}, timeout=10)
        resp.raise_for_status()
        data = resp.json()
        entry.write_text(json.dumps(data))
        return data


def render_zpl(cons: dict, route: dict) -> str:
    return "\n".join([
        "^XA",
        f"^FO40,40^A0N,50,50^FD{route.get('hub', '???')}-{route.get('lane', '00')}^FS",
        f"^FO40,110^A0N,30,30^FD{cons['name']}^FS",
        f"^FO40,150^A0N,30,30^FD{cons['postcode']}^FS",
        f"^FO40,210^BCN,100,Y,N,N^FD{cons['consignment']}^FS",
        "^XZ",
    ])


def load_consignments(path: Path) -> deque:
    with path.open(newline="") as fh:
        return deque(csv.DictReader(fh))


def build_jobs(queue: deque, lookup: RouteLookup) -> list:
    jobs = []
    while queue:
        cons = queue.popleft()
        try:
            route = lookup.route_for(cons["postcode"], cons.get("service", "STD"))
        except requests.RequestException as exc:
            log.warning("route lookup failed for %s: %s", cons["consignment"], exc)
            continue
        zpl = render_zpl(cons, route)
        jobs.append({
            "consignment": cons["consignment"],
            "printer": route.get("dock", "DOCK-1"),
            "label_b64": base64.b64encode(zpl.encode("ascii", "replace")).decode(),
        })
    return jobs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("manifest", type=Path)
    ap.add_argument("--origin", default="DC-LEEDS-02")
    ap.add_argument("--out", type=Path, default=Path("label-jobs.json"))
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    if not args.manifest.exists():
        log.error("manifest %s missing", args.manifest)
        return 1
    with requests.Session() as session:
        session.headers["User-Agent"] = "dispatch-labels/1.4"
        jobs = build_jobs(load_consignments(args.manifest), RouteLookup(session, args.origin))
    args.out.write_text(json.dumps(jobs, indent=1))
    log.info("wrote %d label jobs to %s", len(jobs), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
