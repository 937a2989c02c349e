#!/usr/bin/env python3
"""Upload the club's ride routes (GPX) to the website route library.

Scans ./routes for .gpx files, extracts name, distance and climbing,
skips routes whose content hash is unchanged since the last upload, and
uploads new or changed ones to the club site.
"""

import argparse
import base64
import configparser
import hashlib
import http.client
import json
import logging
import math
import os
import sys
import defusedxml.ElementTree as ET
from pathlib import Path

log = logging.getLogger("gpx_upload")

GPX_NS = {"g": "http://www.topografix.com/GPX/1/1"}
STATE_FILE = Path(".upload_state.json")


def haversine(lat1, lon1, lat2, lon2):
    r = 6371000.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


def summarise(path):
    root = ET.parse(path).getroot()
    name_el = root.find(".//g:trk/g:name", GPX_NS)
    pts = root.findall(".//g:trkpt", GPX_NS)
    dist = climb = 0.0
    prev = None
    for pt in pts:
        lat, lon = float(pt.get("lat")), float(pt.get("lon"))
        ele_el = pt.find("g:ele", GPX_NS)
        ele = float(ele_el.text) if ele_el is not None else None
        if prev:
            dist += haversine(prev[0], prev[1], lat, lon)
            if ele is not None and prev[2] is not None and ele > prev[2]:
                climb += ele - prev[2]
        prev = (lat, lon, ele)
    return {
        "name": name_el.text if name_el is not None else path.stem,
        "distance_km": round(dist / 1000, 1),
        "climb_m": int(climb),
        "points": len(pts),
    }


def post_json(host, path, payload, headers=None, timeout=20):
    conn = http.client.HTTPSConnection(host, timeout=timeout)
    body = json.dumps(payload)
    hdrs = {"Content-Type": "application/json"}
    hdrs.update(headers or {})
    try:
        conn.request("POST", path, body=body, headers=hdrs)
        resp = conn.getresponse()
        data = resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"{host}{path}: HTTP {resp.status} {data[:200]!r}")
        return json.loads(data or b"{}")
    finally:
        conn.close()


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--routes", default="routes")
    ap.add_argument("--config", default="publish.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--force", action="store_true", help="re-upload unchanged routes")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read_dict({"site": {"host": "www.velo-club-hillside.example", "path": "/api/routes"}})
    cfg.read(args.config)

    token = os.environ.get("CLUB_SITE_TOKEN")
    if not token and not args.dry_run:
        log.error("CLUB_SITE_TOKEN is not set")
        return 2

    state = {} if args.force else load_state()
    uploaded = 0
    for gpx in sorted(Path(args.routes).glob("*.gpx")):
        raw = gpx.read_bytes()
        digest = hashlib.sha256(raw).hexdigest()
        if state.get(gpx.name) == digest:
            continue
        try:
            meta = summarise(gpx)
        except ET.ParseError as exc:
            log.warning("skipping %s: %s", gpx.name, exc)
            continue
        payload = dict(meta, filename=gpx.name, gpx=base64.b64encode(raw).decode())
        if args.dry_run:
            log.info("[dry-run] would upload %s (%s km)", gpx.name, meta["distance_km"])
            continue
        try:
            post_json(cfg["site"]["host"], cfg["site"]["path"], payload,
                      {"Authorization": f"Bearer {token}"})
        except (OSError, RuntimeError) as exc:
            log.error("upload of %s failed: %s", gpx.name, exc)
            continue
        state[gpx.name] = digest
        uploaded += 1
        log.info("uploaded %s: %s km, %s m climbing", meta["name"],
                 meta["distance_km"], meta["climb_m"])

    STATE_FILE.write_text(json.dumps(state, indent=1))
    log.info("%d route(s) uploaded", uploaded)
    return 0


if __name__ == "__main__":
    sys.exit(main())
