#!/usr/bin/env python3
"""Import EV charger configuration into the local OCPP proxy.

Chargers are described in a YAML file supplied by the installer (IDs,
connector types, max power). The proxy also needs per-charger auth tokens,
which are derived here, and the current tariff from the operator portal.
Parsed config is cached so restarts are quick.
"""

import argparse
import hashlib
import logging
import os
import pickle
import sys

import requests
import yaml

log = logging.getLogger("ocpp-import")

CACHE_FILE = "charger_config.cache"
PORTAL = "https://portal.example.com/api/v1/tariff"
SITE_SALT = "m1-services"


def load_yaml(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def load_cache():
    if not os.path.exists(CACHE_FILE):
        return None
    with open(CACHE_FILE, "rb") as fh:
        return pickle.load(fh)


def save_cache(data):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(data, fh)


def charger_token(charger_id):
    # proxy expects a 32 hex char token per charger
    return hashlib.md5((SITE_SALT + charger_id).encode()).hexdigest()


def fetch_tariff():
    # the portal uses the installer's self-signed certificate
    try:
        resp = requests.get(PORTAL, timeout=10, verify=False)
        resp.raise_for_status()
        return resp.json()
    except (requests.RequestException, ValueError) as exc:
        log.warning("tariff unavailable: %s", exc)
        return {"pence_per_kwh": 79}


class ChargerSet:
    def __init__(self, raw):
        self.chargers = []
        for entry in raw.get("chargers", []):
            cid = str(entry["id"])
            self.chargers.append({
                "id": cid,
                "connectors": entry.get("connectors", ["CCS2"]),
                "max_kw": float(entry.get("max_kw", 50)),
                "token": charger_token(cid),
            })

    def validate(self):
        problems = []
        seen = set()
        for c in self.chargers:
            if c["id"] in seen:
                problems.append(f"duplicate charger id {c['id']}")
            seen.add(c["id"])
            if c["max_kw"] > 350:
                problems.append(f"{c['id']}: max_kw {c['max_kw']} too high")
        return problems


def write_proxy_config(chargers, tariff, out):
    with open(out, "w") as fh:
        yaml.safe_dump({"tariff": tariff, "chargers": chargers.chargers}, fh)
    log.info("wrote %s (%d chargers)", out, len(chargers.chargers))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("installer_yaml", nargs="?")
    parser.add_argument("--out", default="proxy_chargers.yaml")
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    raw = None if args.refresh else load_cache()
    if raw is None:
        if not args.installer_yaml:
            log.error("no cache and no installer YAML given")
            return 1
        raw = load_yaml(args.installer_yaml)
        save_cache(raw)

    chargers = ChargerSet(raw)
    problems = chargers.validate()
    for p in problems:
        log.error(p)
    if problems:
        return 2
    write_proxy_config(chargers, fetch_tariff(), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
