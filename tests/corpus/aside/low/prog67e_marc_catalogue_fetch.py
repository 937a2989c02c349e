#!/usr/bin/env python3
"""Pull recently changed bibliographic records from the Koha REST API.

Records are requested as MARC-in-JSON, reduced to the discovery-layer
fields listed in the crosswalk file (crosswalk.json) and written out as
JSON lines for the nightly index build.
"""

import argparse
import base64
import json
import logging
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

log = logging.getLogger("marc_fetch")

DEFAULT_CROSSWALK = {
    "title": ["245a", "245b"],
    "author": ["100a", "110a"],
    "isbn": ["020a"],
    "subjects": ["650a", "651a"],
    "publisher": ["264b", "260b"],
    "year": ["264c", "260c"],
}


def load_crosswalk(path):
    p = Path(path)
    if not p.is_file():
        log.info("no %s, using built-in crosswalk", path)
        return DEFAULT_CROSSWALK
    with p.open(encoding="utf-8") as fh:
        return json.load(fh)


def auth_header():
    user = os.environ.get("KOHA_API_USER", "")
    pw = os.environ.get("KOHA_API_PASS", "")
    if not user:
        return {}
    token = base64.b64encode(f"{user}:{pw}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


def api_get(base, path, params, timeout=30):
    url = f"{base.rstrip('/')}{path}?{urllib.parse.urlencode(params)}"
    req = urllib.request.Request(url, headers={
        "Accept": "application/marc-in-json", **auth_header()})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        total = resp.headers.get("X-Total-Count")
        return json.load(resp), total


def iter_changed(base, since, page_size):
    page = 1
    query = json.dumps({"timestamp": {">=": since.strftime("%Y-%m-%dT%H:%M:%S")}})
    while True:
        records, total = api_get(base, "/api/v1/biblios",
                                 {"q": query, "_page": page, "_per_page": page_size})
        if not records:
            return
        log.debug("page %d: %d records (total %s)", page, len(records), total)
        yield from records
        page += 1


def subfield_values(record, tag, code):
    for fld in record.get("fields", []):
        body = fld.get(tag)
        if isinstance(body, dict):
            for sub in body.get("subfields", []):
                if code in sub:
                    yield sub[code].strip(" /:;,.")


def apply_crosswalk(record, crosswalk):
    out = {}
    for target, sources in crosswalk.items():
        vals = []
        for src in sources:
            vals.extend(subfield_values(record, src[:3], src[3:]))
        if vals:
            out[target] = vals if target == "subjects" else " ".join(vals)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--base", default=os.environ.get("KOHA_URL", "https://catalogue.countylibrary.gov"))
    ap.add_argument("--days", type=int, default=1)
    ap.add_argument("--page-size", type=int, default=100)
    ap.add_argument("--crosswalk", default="crosswalk.json")
    ap.add_argument("-o", "--output", default="changed_records.jsonl")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    crosswalk = load_crosswalk(args.crosswalk)
    since = datetime.now(timezone.utc) - timedelta(days=args.days)
    written = 0
    try:
        with open(args.output, "w", encoding="utf-8") as out:
            for rec in iter_changed(args.base, since, args.page_size):
                doc = apply_crosswalk(rec, crosswalk)
                if doc:
                    out.write(json.dumps(doc, ensure_ascii=False) + "\n")
                    written += 1
    except urllib.error.HTTPError as exc:
        log.error("Koha API returned %s: %s", exc.code, exc.reason)
        return 1
    except urllib.error.URLError as exc:
        log.error("cannot reach %s: %s", args.base, exc.reason)
        return 1

    log.info("wrote %d records to %s", written, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
