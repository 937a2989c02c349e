#!/usr/bin/env python3
"""Delivery slot sync for the yard office.

Pushes confirmed delivery slots from the dispatch sheet to the haulier
portal and keeps a small local journal of what was sent. Order references
the dispatcher drops into pending_refs.txt are looked up on the portal so
their haulier details land in the journal too.
"""
import argparse
import configparser
import csv
import json
import logging
import os
import re
import time
from pathlib import Path

import requests

LOG = logging.getLogger("delivery_sync")

DEFAULT_CONFIG = {
    "portal": {
        "base_url": "https://portal.haulage-partner.example/api/v2",
        "depot_code": "MILL01",
        "timeout": "15",
    },
    "quick_import": {
        "enabled": "yes",
        "refs_file": "pending_refs.txt",
        "pattern": r"\b(?:SO|DL)-\d{5,7}\b",
    },
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULT_CONFIG)
    if path and Path(path).exists():
        cfg.read(path)
        LOG.info("loaded config from %s", path)
    return cfg


def read_dispatch_sheet(path):
    slots = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("status", "").strip().lower() != "confirmed":
                continue
            slots.append({
                "order_ref": row["order_ref"].strip(),
                "customer": row.get("customer", "").strip(),
                "window_start": row["window_start"],
                "window_end": row["window_end"],
                "load_m3": float(row.get("load_m3") or 0),
            })
    return slots


class PendingRefs:
    """Order references queued by the dispatcher in a plain text file."""

    def __init__(self, path, pattern):
        self.path = Path(path)
        self.pattern = re.compile(pattern)

    def drain(self):
        if not self.path.exists():
            return []
        text = self.path.read_text(encoding="utf-8")
        refs = sorted(set(self.pattern.findall(text)))
        self.path.write_text("", encoding="utf-8")
        return refs


class PortalClient:
    def __init__(self, cfg):
        self.base = cfg["portal"]["base_url"].rstrip("/")
        self.depot = cfg["portal"]["depot_code"]
        self.timeout = cfg["portal"].getint("timeout")
        self.session = requests.Session()
        key = os.environ.get("HAULIER_API_KEY")
        if not key:
            raise SystemExit("HAULIER_API_KEY is not set")
        self.session.headers["Authorization"] = f"Bearer {key}"

    def push_slots(self, slots):
        url = f"{self.base}/depots/{self.depot}/slots"
        resp = self.session.post(url, json={"slots": slots}, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("accepted", [])

    def lookup_orders(self, refs):
        if not refs:
            return []
        url = f"{self.base}/depots/{self.depot}/orders"
        resp = self.session.get(url, params={"ref": ",".join(refs)}, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("orders", [])


def journal(entries, path="sync_journal.jsonl"):
    with open(path, "a", encoding="utf-8") as fh:
        for e in entries:
            fh.write(json.dumps(e) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sheet", help="dispatch sheet CSV")
    ap.add_argument("-c", "--config", default="delivery_sync.ini")
    ap.add_argument("--every", type=int, default=120, help="seconds between pushes")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    portal = PortalClient(cfg)
    pending = None
    if cfg["quick_import"].getboolean("enabled"):
        pending = PendingRefs(cfg["quick_import"]["refs_file"],
                              cfg["quick_import"]["pattern"])

    counters = {"pushed": 0, "errors": 0, "quick_refs": 0}
    while True:
        try:
            slots = read_dispatch_sheet(args.sheet)
            accepted = portal.push_slots(slots)
            counters["pushed"] += len(accepted)
            journal([{"ts": time.time(), "accepted": accepted}])
            LOG.info("pushed %d slots, %d accepted", len(slots), len(accepted))
        except (OSError, requests.RequestException, KeyError, ValueError) as exc:
            counters["errors"] += 1
            LOG.error("sync failed: %s", exc)

        if pending:
            try:
                refs = pending.drain()
            except OSError as exc:
                LOG.warning("could not read pending refs: %s", exc)
                refs = []
            if refs:
                counters["quick_refs"] += len(refs)
                try:
                    orders = portal.lookup_orders(refs)
                    journal([{"ts": time.time(), "quick_import": orders}])
                except requests.RequestException as exc:
                    LOG.warning("order lookup failed: %s", exc)

        LOG.debug("counters: %s", counters)
        if args.once:
            break
        time.sleep(args.every)


if __name__ == "__main__":
    main()
