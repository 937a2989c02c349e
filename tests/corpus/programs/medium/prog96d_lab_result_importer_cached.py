#!/usr/bin/env python3
"""Import HL7 v2 ORU lab results into the dialysis unit results table.

The reference lab changes its OBX coding every few months. The mapping
tables built by the integration team's notebook are shipped as a cached
rules file next to the importer; the importer loads them at start-up, then
parses every .hl7 file in the inbox and appends the results to a CSV that
the unit's monthly bloods review reads.
"""
import argparse
import configparser
import csv
import json
import logging
import pickle
import sys
from pathlib import Path

LOG = logging.getLogger("lab_import")

DEFAULTS = {
    "inbox": "inbox",
    "processed": "processed",
    "results_csv": "results.csv",
    "rules_cache": "oru_rules.pkl",
    "lab": "default",
}

RESULT_FIELDS = ["mrn", "collected", "code", "name", "value", "units", "flag", "lab"]


def load_config(path):
    cp = configparser.ConfigParser()
    cp["importer"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
    return cp["importer"]


class MappingRules:
    """Holds the per-lab OBX code remapping tables."""

    def __init__(self, cache_path):
        self.cache_path = Path(cache_path)
        self.tables = {}
        self.version = "builtin"

    def refresh(self):
        with self.cache_path.open("rb") as fh:
            blob = pickle.load(fh)
        self.tables = blob.get("tables", {})
        self.version = blob.get("version", "?")
        LOG.info("mapping rules %s loaded (%d labs)", self.version, len(self.tables))

    def map_obx(self, lab, obx):
        row = default_map_obx(obx)
        remap = self.tables.get(lab, {}).get(row["code"])
        if remap:
            row["code"] = remap.get("code", row["code"])
            row["name"] = remap.get("name", row["name"])
            factor = remap.get("factor")
            if factor and row["value"]:
                try:
                    row["value"] = f"{float(row['value']) * factor:.3g}"
                    row["units"] = remap.get("units", row["units"])
                except ValueError:
                    pass
        return row


def default_map_obx(obx):
    ident = obx[3].split("^") if len(obx) > 3 else [""]
    return {
        "code": ident[0],
        "name": ident[1] if len(ident) > 1 else ident[0],
        "value": obx[5] if len(obx) > 5 else "",
        "units": obx[6].split("^")[0] if len(obx) > 6 else "",
        "flag": obx[8] if len(obx) > 8 else "",
    }


def parse_message(text, rules, lab):
    segments = [s for s in text.replace("\n", "\r").split("\r") if s.strip()]
    mrn, collected = "", ""
    rows = []
    for seg in segments:
        fields = seg.split("|")
        if fields[0] == "PID" and len(fields) > 3:
            mrn = fields[3].split("^")[0]
        elif fields[0] == "OBR" and len(fields) > 7:
            collected = fields[7]
        elif fields[0] == "OBX":
            mapped = rules.map_obx(lab, fields)
            if mapped:
                rows.append({"mrn": mrn, "collected": collected, "lab": lab, **mapped})
    return rows


def import_inbox(cfg, rules):
    inbox, done = Path(cfg["inbox"]), Path(cfg["processed"])
    done.mkdir(exist_ok=True)
    out = Path(cfg["results_csv"])
    new_file = not out.exists()
    total = 0
    with out.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=RESULT_FIELDS, extrasaction="ignore")
        if new_file:
            writer.writeheader()
        for msg in sorted(inbox.glob("*.hl7")):
            try:
                rows = parse_message(msg.read_text(errors="replace"), rules, cfg["lab"])
            except Exception as exc:  # one bad file must not stop the batch
                LOG.error("failed to parse %s: %s", msg.name, exc)
                continue
            writer.writerows(rows)
            msg.rename(done / msg.name)
            total += len(rows)
            LOG.debug("%s: %d results", msg.name, len(rows))
    return total


def main():
    ap = argparse.ArgumentParser(description="Import HL7 ORU lab results")
    ap.add_argument("-c", "--config", default="lab_import.ini")
    ap.add_argument("--no-rules", action="store_true", help="use built-in OBX mapping only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    rules = MappingRules(cfg["rules_cache"])
    if not args.no_rules:
        try:
            rules.refresh()
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            LOG.warning("mapping rules unavailable (%s), using built-in mapping", exc)
    count = import_inbox(cfg, rules)
    LOG.info("imported %d results", count)
    print(json.dumps({"imported": count, "rules": rules.version}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
