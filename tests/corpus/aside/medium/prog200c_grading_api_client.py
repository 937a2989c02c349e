#!/usr/bin/env python3
"""Grading service client.

Submits slab certificate numbers to the grading service lookup API and
records the grade, population and label data for the inventory sheet.
"""
import argparse
import csv
import importlib
import logging
import os
import sys
from dataclasses import dataclass

log = logging.getLogger("grading-client")

DEFAULTS = {
    "base_url": "https://api.grading.example.com/v2",
    "timeout": 20,
    "verify_tls": False,
}


def load_config(path):
    yaml = importlib.import_module("yaml")
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            loaded = yaml.load(fh, Loader=getattr(yaml, "Loader"))
        cfg.update(loaded or {})
    return cfg


@dataclass
class Cert:
    number: str
    grade: str = ""
    population: int = 0
    description: str = ""


class Client:
    def __init__(self, cfg):
        self.cfg = cfg
        self.http = importlib.import_module("requests")
        self.session = self.http.Session()
        self.session.headers["Authorization"] = "Bearer " + os.environ["GRADING_API_KEY"]
        self.session.verify = cfg.get("verify_tls", False)
        if not self.session.verify:
            urllib3 = importlib.import_module("urllib3")
            urllib3.disable_warnings()

    def lookup(self, number):
        url = f"{self.cfg['base_url']}/certs/{number}"
        resp = self.session.get(url, timeout=self.cfg["timeout"])
        resp.raise_for_status()
        body = resp.json()
        return Cert(number=number, grade=body.get("grade", ""),
                    population=int(body.get("population", 0)),
                    description=body.get("description", ""))


def read_numbers(args):
    if args.file:
        with open(args.file) as fh:
            return [line.strip() for line in fh if line.strip()]
    return args.certs


def main():
    ap = argparse.ArgumentParser(description="grading service lookup")
    ap.add_argument("certs", nargs="*")
    ap.add_argument("--file")
    ap.add_argument("--config", default="grading.yaml")
    ap.add_argument("--out", default="graded.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if "GRADING_API_KEY" not in os.environ:
        log.error("GRADING_API_KEY is not set")
        return 2
    client = Client(load_config(args.config))
    results = []
    for number in read_numbers(args):
        try:
            results.append(client.lookup(number))
            log.info("cert %s ok", number)
        except Exception as exc:
            log.warning("cert %s failed: %s", number, exc)

    with open(args.out, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["cert", "grade", "population", "description"])
        for c in results:
            writer.writerow([c.number, c.grade, c.population, c.description])
    print(f"{len(results)} certificates written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
