#!/usr/bin/env python3
"""Import the COSHH chemical register (rodenticides, insecticides, cleaning
agents) from the depot's YAML file to the office compliance API.

Each product entry carries its hazard statements, SDS revision date and where
it is stored.  Products whose data sheet (SDS) is older than the review
period are flagged so someone chases the supplier for a new one.

    coshh_register_import.py register.yaml [--dry-run] [--review-months 36]
"""
import argparse
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path

import requests
import yaml

log = logging.getLogger("coshh-import")

API_URL = os.environ.get("COSHH_API_URL", "https://compliance.pestdesk.example/api/coshh")
STATE_FILE = Path(".coshh_import_state.json")

REQUIRED = ("name", "supplier", "hazards", "sds_date", "storage")


class RegisterError(Exception):
    pass


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"last_sync": None, "synced_products": 0}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


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
    ap = argparse.ArgumentParser(description="Import the COSHH register into the office API")
    ap.add_argument("register", type=Path)
    ap.add_argument("--review-months", type=int, default=36)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    state = load_state()
    try:
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
    state["synced_products"] = len(good) + len(stale)
    save_state(state)
    log.info("%d products synced, %d with stale SDS", len(good) + len(stale), len(stale))
    return 0


if __name__ == "__main__":
    sys.exit(main())
