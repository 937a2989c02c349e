#!/usr/bin/env python3
"""Export the cemetery plot inventory as GeoJSON for the public plot finder.

Plot positions come from the surveyor's CSV (section, row, plot, status,
lon, lat).  Section boundaries are pulled from the county parcel service
and cached locally, keyed by the request, so repeated exports work
offline.  Owner names are never exported; only availability is published.
"""
import argparse
import csv
import hashlib
import http.client
import json
import logging
import os
import sys
from pathlib import Path
from urllib.parse import urlencode, urlsplit

log = logging.getLogger("plot-geojson")

PARCEL_SERVICE = os.environ.get("PARCEL_SERVICE", "https://gis.example-county.gov/parcels/query")
CACHE_DIR = Path(".cache/parcels")
PUBLIC_STATUSES = {"available", "reserved", "occupied"}


def os_label():
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            info = dict(line.rstrip("\n").split("=", 1) for line in fh if "=" in line)
        return info.get("PRETTY_NAME", "unknown").strip('"')
    except OSError:
        return "unknown"


def cache_key(url):
    return hashlib.md5(url.encode("utf-8")).hexdigest()


def fetch_json(url, timeout=15):
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached = CACHE_DIR / f"{cache_key(url)}.json"
    if cached.exists():
        log.debug("cache hit %s", cached.name)
        return json.loads(cached.read_text(encoding="utf-8"))
    parts = urlsplit(url)
    conn = http.client.HTTPSConnection(parts.netloc, timeout=timeout)
    try:
        conn.request("GET", f"{parts.path}?{parts.query}",
                     headers={"User-Agent": f"plot-geojson/1.4 ({os_label()})",
                              "Accept": "application/geo+json"})
        resp = conn.getresponse()
        body = resp.read()
    finally:
        conn.close()
    if resp.status != 200:
        raise RuntimeError(f"parcel service returned {resp.status}")
    cached.write_bytes(body)
    return json.loads(body)


def section_boundaries(cemetery_id):
    query = urlencode({"cemetery": cemetery_id, "layer": "sections", "f": "geojson"})
    try:
        data = fetch_json(f"{PARCEL_SERVICE}?{query}")
    except (OSError, RuntimeError, json.JSONDecodeError) as exc:
        log.warning("no section boundaries: %s", exc)
        return []
    for feat in data.get("features", []):
        feat.setdefault("properties", {})["kind"] = "section"
    return data.get("features", [])


def plot_features(csv_path):
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            status = row.get("status", "").strip().lower()
            if status not in PUBLIC_STATUSES:
                continue
            try:
                lon, lat = float(row["lon"]), float(row["lat"])
            except (KeyError, ValueError):
                log.warning("no position for plot %s", row.get("plot"))
                continue
            yield {
                "type": "Feature",
                "geometry": {"type": "Point", "coordinates": [round(lon, 7), round(lat, 7)]},
                "properties": {
                    "kind": "plot",
                    "section": row.get("section"),
                    "row": row.get("row"),
                    "plot": row.get("plot"),
                    "status": status,
                },
            }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inventory", help="surveyor CSV")
    ap.add_argument("--cemetery-id", required=True)
    ap.add_argument("-o", "--output", default="plots.geojson")
    ap.add_argument("--no-sections", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    features = [] if args.no_sections else section_boundaries(args.cemetery_id)
    try:
        features.extend(plot_features(args.inventory))
    except OSError as exc:
        log.error("cannot read inventory: %s", exc)
        return 2

    out = Path(args.output)
    out.write_text(json.dumps({"type": "FeatureCollection", "features": features}),
                   encoding="utf-8")
    os.chmod(out, 0o600)
    log.info("wrote %d features to %s", len(features), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
