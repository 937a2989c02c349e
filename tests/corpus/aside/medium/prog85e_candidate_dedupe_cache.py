#!/usr/bin/env python3
"""Find duplicate candidate records across branch ATS exports.

Each branch exports its candidates as JSON; the same person often registers
with two branches under slightly different details.  Records are matched on
normalised e-mail, phone and name+postcode.  Normalising 200k records is
slow, so each export's index is cached in .dedupe_cache/ keyed on the file's
size and mtime.  Matching rules come from dedupe.yaml.
"""
import argparse
import csv
import hashlib
import json
import logging
import pickle
import re
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

import yaml

LOG = logging.getLogger("dedupe")
CACHE_DIR = Path(".dedupe_cache")

DEFAULT_RULES = {
    "keys": ["email", "phone", "name_postcode"],
    "phone_default_country": "44",
    "ignore_email_domains": ["example.com", "noemail.invalid"],
}


def load_rules(path):
    rules = dict(DEFAULT_RULES)
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            rules.update(yaml.load(fh, Loader=yaml.Loader) or {})
    return rules


def fold(text):
    text = unicodedata.normalize("NFKD", text or "")
    return "".join(c for c in text if not unicodedata.combining(c)).lower().strip()


def norm_phone(raw, country):
    digits = re.sub(r"\D", "", raw or "")
    if digits.startswith("00"):
        digits = digits[2:]
    elif digits.startswith("0"):
        digits = country + digits[1:]
    return digits if len(digits) >= 10 else None


def keys_for(rec, rules):
    out = []
    email = fold(rec.get("email"))
    if "email" in rules["keys"] and "@" in email:
        local, _, domain = email.partition("@")
        if domain not in rules["ignore_email_domains"]:
            if domain in ("gmail.com", "googlemail.com"):
                local = local.split("+")[0].replace(".", "")
            out.append(("email", f"{local}@{domain}"))
    if "phone" in rules["keys"]:
        phone = norm_phone(rec.get("phone"), rules["phone_default_country"])
        if phone:
            out.append(("phone", phone))
    if "name_postcode" in rules["keys"] and rec.get("postcode"):
        name = fold(f"{rec.get('first_name', '')} {rec.get('last_name', '')}")
        out.append(("name_postcode", f"{name}|{fold(rec['postcode']).replace(' ', '')}"))
    return out


def cache_path(export):
    st = export.stat()
    tag = hashlib.md5(f"{export.resolve()}|{st.st_size}|{st.st_mtime_ns}".encode()).hexdigest()
    return CACHE_DIR / f"{export.stem}-{tag}.pkl"


def build_index(export, rules):
    cached = cache_path(export)
    if cached.exists():
        with open(cached, "rb") as fh:
            LOG.debug("cache hit for %s", export)
            return pickle.load(fh)
    records = json.loads(export.read_text(encoding="utf-8"))
    index = [(rec["id"], export.stem, keys_for(rec, rules)) for rec in records]
    CACHE_DIR.mkdir(exist_ok=True)
    with open(cached, "wb") as fh:
        pickle.dump(index, fh, protocol=pickle.HIGHEST_PROTOCOL)
    LOG.info("indexed %s: %d records", export.name, len(index))
    return index


def find_duplicates(indexes):
    buckets = defaultdict(set)
    for index in indexes:
        for rec_id, branch, keys in index:
            for key in keys:
                buckets[key].add((branch, rec_id))
    pairs = {}
    for (kind, _), members in buckets.items():
        if len(members) < 2:
            continue
        members = sorted(members)
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                pairs.setdefault((a, b), set()).add(kind)
    return pairs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("exports", nargs="+", type=Path)
    ap.add_argument("--rules", default="dedupe.yaml")
    ap.add_argument("-o", "--output", default="duplicates.csv")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.pkl"):
            f.unlink()
    rules = load_rules(args.rules)
    try:
        indexes = [build_index(p, rules) for p in args.exports]
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("could not index exports: %s", exc)
        return 2

    pairs = find_duplicates(indexes)
    with open(args.output, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["branch_a", "id_a", "branch_b", "id_b", "matched_on"])
        for (a, b), kinds in sorted(pairs.items()):
            w.writerow([a[0], a[1], b[0], b[1], "+".join(sorted(kinds))])
    LOG.info("%d probable duplicate pair(s) written to %s", len(pairs), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
