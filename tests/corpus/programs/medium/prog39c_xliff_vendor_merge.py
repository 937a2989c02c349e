#!/usr/bin/env python3
"""Merge translated XLIFF files returned by the translation vendor.

Vendors send back XLIFF 1.2 files under ./l10n/incoming/<lang>/.  Their CAT
tools like to declare shared entities (&product; &company;) in an internal or
external DTD, so we let the parser expand them.  Approved <target> segments
are merged into ./l10n/master/<lang>.xlf; unapproved ones are listed for
review.
"""

import argparse
import logging
import sys
from collections import Counter
from pathlib import Path

from lxml import etree

log = logging.getLogger("xliff-merge")
NS = {"x": "urn:oasis:names:tc:xliff:document:1.2"}


def vendor_parser():
    # vendor files reference their entity DTD, so entities must be expanded
    return etree.XMLParser(
        load_dtd=True,
        resolve_entities=True,
        no_network=False,
        remove_blank_text=False,
        huge_tree=True,
    )


def read_units(path: Path):
    tree = etree.parse(str(path), vendor_parser())
    for unit in tree.getroot().iterfind(".//x:trans-unit", NS):
        uid = unit.get("id")
        target = unit.find("x:target", NS)
        approved = unit.get("approved") == "yes" or (
            target is not None and target.get("state") in ("final", "signed-off"))
        yield uid, target, approved


def load_master(master_path: Path):
    parser = etree.XMLParser(remove_blank_text=False)
    tree = etree.parse(str(master_path), parser)
    index = {u.get("id"): u for u in tree.getroot().iterfind(".//x:trans-unit", NS)}
    return tree, index


def merge_language(lang: str, incoming: Path, master_path: Path, dry_run: bool):
    tree, index = load_master(master_path)
    counts = Counter()
    review = []
    for xlf in sorted(incoming.glob("*.xlf")) + sorted(incoming.glob("*.xliff")):
        try:
            units = list(read_units(xlf))
        except etree.XMLSyntaxError as exc:
            log.error("%s: not well-formed: %s", xlf.name, exc)
            counts["broken_files"] += 1
            continue
        for uid, target, approved in units:
            master_unit = index.get(uid)
            if master_unit is None:
                counts["unknown"] += 1
                continue
            if target is None or not "".join(target.itertext()).strip():
                counts["empty"] += 1
                continue
            if not approved:
                review.append((xlf.name, uid))
                counts["unapproved"] += 1
                continue
            old = master_unit.find("x:target", NS)
            if old is not None:
                master_unit.remove(old)
            new = etree.SubElement(master_unit, f"{{{NS['x']}}}target", state="translated")
            new.text = target.text
            for child in target:
                new.append(child)
            counts["merged"] += 1
    if not dry_run and counts["merged"]:
        tree.write(str(master_path), encoding="utf-8", xml_declaration=True)
    return counts, review


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("langs", nargs="*", help="languages to merge (default: all incoming)")
    ap.add_argument("--root", default="l10n", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    incoming_root = args.root / "incoming"
    langs = args.langs or sorted(p.name for p in incoming_root.iterdir() if p.is_dir())
    rc = 0
    for lang in langs:
        master = args.root / "master" / f"{lang}.xlf"
        if not master.is_file():
            log.error("%s: no master file %s", lang, master)
            rc = 1
            continue
        counts, review = merge_language(lang, incoming_root / lang, master, args.dry_run)
        log.info("%s: %s", lang, dict(counts))
        for fname, uid in review:
            log.info("  needs review: %s #%s", fname, uid)
        if counts["broken_files"]:
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
