#!/usr/bin/env python3
"""Pull inbound consignments from a courier partner's API.

Each courier partner that drops parcels into BoxPoint lockers publishes a
consignment feed; this client fetches the day's feed and writes it out as
a CSV for the sorting hall.
"""
import argparse
import csv
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("courier_client")


@dataclass
class Partner:
    name: str
    base_url: str
    key_env: str
    verify: bool = True
    extra: dict = field(default_factory=dict)

    @property
    def key(self):
        return os.environ.get(self.key_env, "")


def load_partners(path):
    with open(path) as fh:
        raw = yaml.load(fh, Loader=getattr(yaml, "Load" + "er"))
    out = {}
    for name, cfg in (raw or {}).get("partners", {}).items():
        out[name] = Partner(name=name, base_url=cfg["base_url"],
                            key_env=cfg.get("key_env", "BP_%s_KEY" % name.upper()),
                            verify=cfg.get("verify_tls", True), extra=cfg.get("extra", {}))
    return out


def session_for(partner):
    s = requests.Session()
    s.headers["Authorization"] = "Bearer " + partner.key
    s.headers["Accept"] = "application/json"
    # several regional partners still run self-signed certificates
    s.verify = partner.verify
    if not partner.verify:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    return s


def fetch_consignments(partner, day):
    s = session_for(partner)
    url = partner.base_url.rstrip("/") + "/v1/consignments"
    params = {"date": day, "destination_type": "locker", **partner.extra}
    items, page = [], 1
    while True:
        params["page"] = page
        r = s.get(url, params=params, timeout=30, verify=False if not partner.verify else True)
        r.raise_for_status()
        body = r.json()
        items.extend(body.get("items", []))
        if not body.get("next_page"):
            break
        page += 1
    log.info("%s: %d consignments for %s", partner.name, len(items), day)
    return items


FIELDS = ("tracking_no", "locker_site", "size", "recipient_ref", "eta")


def write_out(items, path):
    with Path(path).open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS, extrasaction="ignore")
        w.writeheader()
        for it in items:
            w.writerow(it)


def main():
    ap = argparse.ArgumentParser(description="courier consignment fetch")
    ap.add_argument("day")
    ap.add_argument("--config", default=os.environ.get("BP_PARTNERS", "partners.yaml"))
    ap.add_argument("--partner", action="append")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    partners = load_partners(args.config)
    for name in args.partner or sorted(partners):
        p = partners[name]
        if not p.key:
            log.warning("no key in %s, skipping %s", p.key_env, name)
            continue
        write_out(fetch_consignments(p, args.day), "inbound_%s_%s.csv" % (name, args.day))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
