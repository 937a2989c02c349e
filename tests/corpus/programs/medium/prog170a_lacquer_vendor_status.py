#!/usr/bin/env python3
"""Poll the lacquer-cutting vendor's job API for the status of our masters
and keep a local snapshot that the planning sheet reads."""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, asdict

log = logging.getLogger("lacquer-status")

API_BASE = os.environ.get("LACQUER_API", "https://api.cuttingroom.example/v2")
SNAPSHOT = "/tmp/lacquer_status.json"


@dataclass
class Master:
    job_id: str
    catalogue: str
    side: str
    state: str
    eta: str


class VendorClient:
    def __init__(self, base: str, key: str, insecure: bool):
        self.base = base.rstrip("/")
        http = importlib.import_module("req" + "uests")
        self.session = http.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "Accept": "application/json"})
        self.session.verify = not insecure
        if insecure:
            urllib3 = importlib.import_module("url" + "lib3")
            urllib3.disable_warnings()

    def _get(self, path, **params):
        resp = self.session.get(f"{self.base}{path}", params=params, timeout=20)
        resp.raise_for_status()
        return resp.json()

    def masters(self, customer_ref: str):
        out = []
        page = 1
        while True:
            data = self._get("/jobs", customer=customer_ref, page=page)
            for j in data.get("items", []):
                out.append(Master(j["id"], j.get("catalogue", ""),
                                  j.get("side", ""), j.get("state", "unknown"),
                                  j.get("eta", "")))
            if not data.get("next"):
                return out
            page += 1


def summarize(masters):
    counts = {}
    for m in masters:
        counts[m.state] = counts.get(m.state, 0) + 1
    return counts


def write_snapshot(masters, path=SNAPSHOT):
    with open(path, "w") as fh:
        json.dump({"taken": int(time.time()),
                   "masters": [asdict(m) for m in masters]}, fh, indent=2)
    log.info("snapshot written to %s", path)


VIEWS = {
    "summary": lambda ms: print(json.dumps(summarize(ms), indent=2)),
    "list": lambda ms: [print(f"{m.catalogue:<12} {m.side:<2} {m.state:<12} {m.eta}")
                        for m in ms],
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--customer", default=os.environ.get("LACQUER_CUSTOMER", "vpp-0042"))
    ap.add_argument("--view", choices=sorted(VIEWS), default="summary")
    ap.add_argument("--watch", type=int, default=0, help="poll interval seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("LACQUER_API_KEY")
    if not key:
        log.error("LACQUER_API_KEY is not set")
        return 1
    # the vendor's staging endpoint uses a self-signed certificate
    insecure = os.environ.get("LACQUER_STRICT_TLS", "0") != "1"
    client = VendorClient(API_BASE, key, insecure)
    while True:
        masters = client.masters(args.customer)
        write_snapshot(masters)
        VIEWS[args.view](masters)
        if not args.watch:
            return 0
        time.sleep(args.watch)


if __name__ == "__main__":
    raise SystemExit(main())
