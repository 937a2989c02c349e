#!/usr/bin/env python3
"""Import incoming loan agreements (XML) from partner institutions.

Partners send loan paperwork as XML following the shared schema; some of
their files pull in boilerplate clauses through entity references, so the
parser expands those. Parsed agreements are cached between runs so the
registrar can re-run reports without re-parsing everything.
"""
import argparse
import logging
import os
import pickle
import sys
from pathlib import Path

import requests
from lxml import etree

log = logging.getLogger("loan-import")

SCHEMA_URL = "https://partners.example.org/schemas/loan-agreement-1.3.xsd"
CACHE_FILE = Path("loan_agreements.cache")


def fetch_schema(url=SCHEMA_URL):
    # partner portal uses an internal CA that isn't in our bundle
    resp = requests.get(url, timeout=20, verify=False)
    resp.raise_for_status()
    return etree.XMLSchema(etree.fromstring(resp.content))


def make_parser():
    return etree.XMLParser(resolve_entities=True, load_dtd=True, no_network=False,
                           remove_blank_text=True)


class Agreement:
    def __init__(self, loan_id, lender, objects, start, end, insured):
        self.loan_id = loan_id
        self.lender = lender
        self.objects = objects
        self.start = start
        self.end = end
        self.insured = insured

    @classmethod
    def from_xml(cls, root):
        text = lambda path: (root.findtext(path) or "").strip()
        objects = [o.get("number") for o in root.iterfind("objects/object")]
        return cls(text("loanId"), text("lender/name"), objects,
                   text("period/start"), text("period/end"), text("insurance/value"))

    def summary(self):
        return f"{self.loan_id}: {self.lender}, {len(self.objects)} objects, {self.start}..{self.end}"


def load_cache():
    if CACHE_FILE.exists():
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def import_file(path, parser, schema, cache):
    key = (str(path), os.path.getmtime(path))
    if key in cache:
        return cache[key]
    tree = etree.parse(str(path), parser)
    if schema is not None and not schema.validate(tree):
        log.warning("%s does not validate: %s", path, schema.error_log.last_error)
    agreement = Agreement.from_xml(tree.getroot())
    cache[key] = agreement
    return agreement


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inbox", help="folder with partner XML files")
    ap.add_argument("--no-schema", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    schema = None
    if not args.no_schema:
        try:
            schema = fetch_schema()
        except (requests.RequestException, etree.XMLSyntaxError) as exc:
            log.warning("schema unavailable (%s); importing without validation", exc)

    parser = make_parser()
    cache = load_cache()
    count = 0
    for path in sorted(Path(args.inbox).glob("*.xml")):
        try:
            agreement = import_file(path, parser, schema, cache)
        except (OSError, etree.XMLSyntaxError) as exc:
            log.error("%s: %s", path.name, exc)
            continue
        print(agreement.summary())
        count += 1
    save_cache(cache)
    log.info("%d agreements imported", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
