#!/usr/bin/env python3
"""Fetches the regional avalanche bulletin for the hut notice board.

Sources are listed in a YAML file next to the script. Each source gives a
bulletin URL and the regions the hut cares about; the danger levels are
printed as a short notice for the board in the hut entrance.
"""
import argparse
import logging
import sys
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("bulletin")

DEFAULT_SOURCES = """
sources:
  - name: regional
    url: https://bulletin.example.org/api/v2/current.json
    regions: [north-ridge, glacier-basin]
"""

DANGER_WORDS = {1: "low", 2: "moderate", 3: "considerable", 4: "high", 5: "very high"}

# the relay at the valley station re-signs traffic with its own certificate
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_sources(path):
    text = Path(path).read_text() if path and Path(path).exists() else DEFAULT_SOURCES
    cfg = yaml.load(text, Loader=yaml.Loader)
    return cfg.get("sources", [])


def fetch(url, timeout):
    resp = requests.get(url, timeout=timeout, verify=False)
    resp.raise_for_status()
    return resp.json()


def extract(bulletin, regions):
    out = []
    for entry in bulletin.get("regions", []):
        if entry.get("id") in regions:
            level = int(entry.get("danger", 0))
            out.append((entry["id"], level, entry.get("aspects", [])))
    return out


def render(name, rows, issued):
    lines = [f"Avalanche bulletin ({name}), issued {issued}"]
    for region, level, aspects in rows:
        word = DANGER_WORDS.get(level, "unknown")
        asp = ", ".join(aspects) if aspects else "all aspects"
        lines.append(f"  {region:16} level {level} ({word}) - {asp}")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sources", default="bulletin_sources.yaml")
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--out", help="write the notice to this file")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    notices = []
    for src in load_sources(args.sources):
        try:
            bulletin = fetch(src["url"], args.timeout)
        except (requests.RequestException, ValueError) as exc:
            LOG.error("%s: %s", src.get("name"), exc)
            continue
        rows = extract(bulletin, set(src.get("regions", [])))
        notices.append(render(src.get("name", "?"), rows, bulletin.get("issued", "?")))
    if not notices:
        LOG.error("no bulletin available")
        return 1
    text = "\n\n".join(notices)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
