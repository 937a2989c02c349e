#!/usr/bin/env python3
"""Build the exhibition operating roster from members' JMRI roster files.

Each member who brings stock to the show sends their JMRI roster folder
(roster.xml plus the per-loco files under roster/).  This collects every
locomotive, checks for DCC address clashes across owners and writes
operating_roster.csv for the fiddle-yard crews and the throttle sheet.

    jmri_roster_import.py submissions/alice submissions/bob ...
"""
import argparse
import csv
import logging
import sys
from collections import defaultdict
from pathlib import Path

from lxml import etree

log = logging.getLogger("roster-import")

# JMRI files reference their DTD/schema and shared entity files for
# decoder definitions, so keep DTD processing on to get the expanded values.
PARSER = etree.XMLParser(load_dtd=True, resolve_entities=True, no_network=False,
                         remove_blank_text=True)


def parse(path):
    try:
        return etree.parse(str(path), PARSER).getroot()
    except (etree.XMLSyntaxError, OSError) as exc:
        log.warning("skipping %s: %s", path, exc)
        return None


def text(el, attr, default=""):
    return (el.get(attr) or default).strip() if el is not None else default


def loco_from_entry(entry, owner):
    decoder = entry.find("decoder")
    functions = entry.find("functionlabels")
    labels = {}
    if functions is not None:
        for fl in functions.findall("functionlabel"):
            labels[int(fl.get("num", -1))] = (fl.text or "").strip()
    return {
        "owner": owner,
        "id": text(entry, "id"),
        "road_number": text(entry, "roadNumber"),
        "road_name": text(entry, "roadName"),
        "model": text(entry, "model"),
        "dcc_address": text(entry, "dccAddress"),
        "long_address": entry.find("locoaddress/dcclocoaddress") is not None
        and entry.find("locoaddress/dcclocoaddress").get("longaddress") == "yes",
        "decoder": f"{text(decoder, 'family')} {text(decoder, 'model')}".strip(),
        "sound": "yes" if any("sound" in v.lower() or "horn" in v.lower() or "whistle" in v.lower()
                              for v in labels.values()) else "no",
        "f0_f4": "; ".join(f"F{k}:{labels[k]}" for k in sorted(labels) if 0 <= k <= 4 and labels[k]),
    }


def read_submission(folder):
    folder = Path(folder)
    owner = folder.name
    index = folder / "roster.xml"
    if not index.exists():
        log.warning("%s has no roster.xml", folder)
        return []
    root = parse(index)
    if root is None:
        return []
    locos = []
    for entry in root.iter("locomotive"):
        detail_file = entry.get("fileName")
        if detail_file and (folder / "roster" / detail_file).exists():
            detail = parse(folder / "roster" / detail_file)
            if detail is not None and detail.find("locomotive") is not None:
                entry = detail.find("locomotive")
        locos.append(loco_from_entry(entry, owner))
    log.info("%-12s %3d locomotives", owner, len(locos))
    return locos


def address_clashes(locos):
    by_addr = defaultdict(list)
    for loco in locos:
        if loco["dcc_address"]:
            by_addr[loco["dcc_address"]].append(loco)
    return {a: ls for a, ls in by_addr.items() if len({l["owner"] for l in ls}) > 1}


def main():
    ap = argparse.ArgumentParser(description="Merge JMRI rosters into the exhibition operating roster")
    ap.add_argument("folders", nargs="+")
    ap.add_argument("-o", "--output", default="operating_roster.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    locos = [l for f in args.folders for l in read_submission(f)]
    if not locos:
        log.error("no locomotives found")
        return 1

    clashes = address_clashes(locos)
    for addr, ls in sorted(clashes.items(), key=lambda kv: int(kv[0]) if kv[0].isdigit() else 0):
        owners = ", ".join(f"{l['owner']} ({l['id']})" for l in ls)
        log.warning("DCC address %s used by %s", addr, owners)

    fields = list(locos[0].keys()) + ["clash"]
    with open(args.output, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        for loco in sorted(locos, key=lambda l: (l["owner"], l["id"])):
            writer.writerow({**loco, "clash": "yes" if loco["dcc_address"] in clashes else ""})
    log.info("wrote %d locomotives to %s (%d address clashes)", len(locos), args.output, len(clashes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
