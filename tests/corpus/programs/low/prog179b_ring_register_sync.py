#!/usr/bin/env python3
"""Sync bird ring records to the captive-bird registration service.

Reads the centre's ring register (CSV kept in the working folder) and posts
new or changed birds to the registry API.  The API key is taken from the
environment and sent only to the registry.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import time
from pathlib import Path
from urllib import error, request

LOG = logging.getLogger("ringsync")

API_BASE = os.environ.get("RING_REGISTRY_URL", "https://api.birdregistry.example.org/v2")
STATE_FILE = Path(".ringsync_state.json")


def load_register(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield {
                "ring": row["ring_number"].strip().upper(),
                "species": row["species"].strip(),
                "sex": row.get("sex", "U").strip() or "U",
                "hatched": row.get("hatch_date", ""),
                "breeder": row.get("breeder", ""),
                "status": row.get("status", "held"),
            }


def fingerprint(bird):
    # cache key only: detects rows that changed since the last sync
    return hashlib.md5(json.dumps(bird, sort_keys=True).encode()).hexdigest()


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=1))
    os.chmod(STATE_FILE, 0o600)


class RegistryClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.key = key

    def upsert(self, bird):
        req = request.Request(
            f"{self.base}/birds/{bird['ring']}",
            data=json.dumps(bird).encode(),
            method="PUT",
            headers={"Authorization": f"Bearer {self.key}", "Content-Type": "application/json"},
        )
        with request.urlopen(req, timeout=20) as resp:
            return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("register", type=Path, nargs="?", default=Path("ring_register.csv"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("RING_REGISTRY_KEY")
    if not key and not args.dry_run:
        raise SystemExit("RING_REGISTRY_KEY is not set")
    client = RegistryClient(API_BASE, key)
    state = load_state()
    sent = 0
    for bird in load_register(args.register):
        fp = fingerprint(bird)
        if state.get(bird["ring"]) == fp:
            continue
        if args.dry_run:
            LOG.info("would sync %s (%s)", bird["ring"], bird["species"])
            continue
        try:
            client.upsert(bird)
        except error.HTTPError as exc:
            LOG.error("%s rejected: %s", bird["ring"], exc.code)
            continue
        except OSError as exc:
            LOG.error("registry unreachable: %s", exc)
            break
        state[bird["ring"]] = fp
        sent += 1
        time.sleep(0.3)
    if not args.dry_run:
        save_state(state)
    LOG.info("%d birds synced", sent)


if __name__ == "__main__":
    main()
