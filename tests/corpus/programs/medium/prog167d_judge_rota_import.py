#!/usr/bin/env python3
"""Import the judges' rota from the society's scheduling server.

The scheduling server publishes the rota as YAML.  It runs on an old box
in the society office with a self-signed certificate, so the import talks
to it directly and writes a ring-by-ring schedule for the catalogue.
"""
import argparse
import json
import logging
import os
from collections import defaultdict
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("rota_import")

SCHEDULER = {
    "base": os.environ.get("ROTA_SERVER", "https://rota.kennelsociety.example"),
    "path": "/exports/rota.yaml",
    "verify": False,
}


def fetch_rota_text(show_code):
    url = f"{SCHEDULER['base']}{SCHEDULER['path']}"
    if not SCHEDULER["verify"]:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    resp = requests.get(url, params={"show": show_code}, timeout=30,
                        verify=SCHEDULER["verify"])
    resp.raise_for_status()
    return resp.text


def parse_rota(text):
    doc = yaml.load(text, Loader=yaml.Loader)
    if not isinstance(doc, dict) or "assignments" not in doc:
        raise ValueError("rota document has no assignments")
    return doc


def by_ring(doc):
    rings = defaultdict(list)
    for item in doc["assignments"]:
        rings[item.get("ring", "unassigned")].append({
            "judge": item["judge"],
            "breed": item.get("breed", ""),
            "classes": item.get("classes", []),
            "start": str(item.get("start", "")),
        })
    for ring in rings.values():
        ring.sort(key=lambda a: a["start"])
    return dict(rings)


def write_schedule(rings, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "rota.json").write_text(json.dumps(rings, indent=2))
    lines = []
    for ring, items in sorted(rings.items()):
        lines.append(f"## Ring {ring}")
        for a in items:
            classes = ", ".join(str(c) for c in a["classes"])
            lines.append(f"- {a['start']} {a['judge']}: {a['breed']} ({classes})")
        lines.append("")
    (out_dir / "rota.md").write_text("\n".join(lines))
    log.info("schedule for %d rings written to %s", len(rings), out_dir)


def main():
    parser = argparse.ArgumentParser(description="Import the judges' rota")
    parser.add_argument("show_code")
    parser.add_argument("--from-file", type=Path, help="use a saved rota YAML instead")
    parser.add_argument("--out", type=Path, default=Path("schedule"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.from_file:
        text = args.from_file.read_text()
    else:
        text = fetch_rota_text(args.show_code)
    doc = parse_rota(text)
    write_schedule(by_ring(doc), args.out)


if __name__ == "__main__":
    main()
