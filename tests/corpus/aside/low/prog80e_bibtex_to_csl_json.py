#!/usr/bin/env python3
"""Convert an author's BibTeX file to CSL-JSON for the journal's reference pipeline.

Entries with a DOI are enriched from Crossref (container title, issue, pages,
ISSN) because author BibTeX is often incomplete. Crossref responses are
cached on disk keyed by DOI so repeated conversions of the same manuscript do
not hit the API again.

    prog80e_bibtex_to_csl_json.py refs.bib -o refs.json --mailto production@journal.example
"""
import argparse
import hashlib
import json
import logging
import re
import sys
import time
from pathlib import Path

import bibtexparser
import requests

CROSSREF = "https://api.crossref.org/works/"
CACHE_DIR = Path(".csl_cache")
TYPE_MAP = {"article": "article-journal", "inproceedings": "paper-conference",
            "book": "book", "incollection": "chapter", "phdthesis": "thesis",
            "mastersthesis": "thesis", "techreport": "report", "misc": "document",
            "online": "webpage"}

log = logging.getLogger("bib2csl")


def split_names(field):
    people = []
    for raw in re.split(r"\s+and\s+", field or ""):
        raw = raw.strip().strip("{}")
        if not raw:
            continue
        if "," in raw:
            family, given = [x.strip() for x in raw.split(",", 1)]
        else:
            parts = raw.split()
            family, given = parts[-1], " ".join(parts[:-1])
        people.append({"family": family.strip("{}"), "given": given.strip("{}")})
    return people


def clean(text):
    return re.sub(r"[{}]", "", text or "").replace("\\&", "&").strip()


def entry_to_csl(entry):
    item = {"id": entry["ID"], "type": TYPE_MAP.get(entry["ENTRYTYPE"].lower(), "document")}
    if "title" in entry:
        item["title"] = clean(entry["title"])
    if "author" in entry:
        item["author"] = split_names(entry["author"])
    if "editor" in entry:
        item["editor"] = split_names(entry["editor"])
    container = entry.get("journal") or entry.get("booktitle")
    if container:
        item["container-title"] = clean(container)
    for src, dst in (("volume", "volume"), ("number", "issue"), ("pages", "page"),
                     ("publisher", "publisher"), ("url", "URL")):
        if entry.get(src):
            item[dst] = clean(entry[src]).replace("--", "-")
    if entry.get("year", "").isdigit():
        item["issued"] = {"date-parts": [[int(entry["year"])]]}
    if entry.get("doi"):
        item["DOI"] = entry["doi"].lower().removeprefix("https://doi.org/")
    return item


class CrossrefLookup:
    def __init__(self, mailto, delay=0.2):
        self.session = requests.Session()
        self.session.headers["User-Agent"] = f"bib2csl/1.2 (mailto:{mailto})"
        self.delay = delay
        CACHE_DIR.mkdir(exist_ok=True)

    def _cache_path(self, doi):
        return CACHE_DIR / f"{hashlib.md5(doi.encode()).hexdigest()}.json"

    def get(self, doi):
        cached = self._cache_path(doi)
        if cached.exists():
            return json.loads(cached.read_text())
        try:
            resp = self.session.get(CROSSREF + doi, timeout=20)
        except requests.RequestException as exc:
            log.warning("crossref %s: %s", doi, exc)
            return None
        time.sleep(self.delay)
        if resp.status_code != 200:
            log.info("crossref %s: HTTP %s", doi, resp.status_code)
            return None
        msg = resp.json().get("message", {})
        cached.write_text(json.dumps(msg))
        return msg


def enrich(item, msg):
    if not msg:
        return item
    item.setdefault("container-title", (msg.get("container-title") or [""])[0])
    for src, dst in (("volume", "volume"), ("issue", "issue"), ("page", "page"),
                     ("publisher", "publisher")):
        if msg.get(src) and not item.get(dst):
            item[dst] = msg[src]
    if msg.get("ISSN"):
        item["ISSN"] = msg["ISSN"][0]
    parts = (msg.get("published") or {}).get("date-parts")
    if parts and "issued" not in item:
        item["issued"] = {"date-parts": parts}
    return item


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("bibfile")
    p.add_argument("-o", "--output", default="-")
    p.add_argument("--mailto", default="production@journal.example")
    p.add_argument("--offline", action="store_true", help="skip Crossref enrichment")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        with open(args.bibfile, encoding="utf-8") as fh:
            db = bibtexparser.load(fh)
    except (OSError, UnicodeDecodeError) as exc:
        log.error("cannot read %s: %s", args.bibfile, exc)
        return 1

    lookup = None if args.offline else CrossrefLookup(args.mailto)
    items = []
    for entry in db.entries:
        item = entry_to_csl(entry)
        if lookup and item.get("DOI"):
            item = enrich(item, lookup.get(item["DOI"]))
        items.append(item)

    out = json.dumps(items, indent=2, ensure_ascii=False)
    if args.output == "-":
        print(out)
    else:
        Path(args.output).write_text(out + "\n", encoding="utf-8")
        log.info("wrote %d items to %s", len(items), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
