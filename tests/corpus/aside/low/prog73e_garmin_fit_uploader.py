#!/usr/bin/env python3
"""Upload Garmin .FIT activity summaries to the coaching platform.

Scans a local export folder (e.g. the GARMIN/Activity directory copied off
the watch), reads the FIT header of every activity, and pushes a batch
manifest to the coach API so the athlete's weekly plan can be adjusted.
"""
import argparse
import http.client
import json
import logging
import os
import platform
import struct
import sys
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("fit_upload")

DEFAULT_SERVER = "api.coachlog-platform.net"
FIT_HEADER = struct.Struct("<BBHI4s")


def read_fit_header(path):
    with open(path, "rb") as fh:
        raw = fh.read(FIT_HEADER.size)
    if len(raw) < FIT_HEADER.size:
        raise ValueError("truncated header")
    size, proto, profile, data_size, tag = FIT_HEADER.unpack(raw)
    if tag != b".FIT":
        raise ValueError("not a FIT file")
    return {
        "file": path.name,
        "header_size": size,
        "protocol": proto,
        "profile": profile,
        "data_bytes": data_size,
        "mtime": datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).isoformat(),
    }


def scan(fit_dir):
    root = Path(fit_dir)
    for p in sorted(root.iterdir()):
        if p.suffix.lower() != ".fit":
            continue
        try:
            yield read_fit_header(p)
        except (OSError, ValueError) as exc:
            log.warning("skipping %s: %s", p.name, exc)


def client_info():
    return {
        "os": platform.system(),
        "release": platform.release(),
        "py": sys.version.split()[0],
    }


def push_batch(server, api_key, athlete, activities, retries=3):
    body = json.dumps({
        "athlete": athlete,
        "sent_at": datetime.now(timezone.utc).isoformat(),
        "activities": activities,
        "client": client_info(),
    }).encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "fit-upload/2.4",
        "Authorization": f"Bearer {api_key}",
    }
    last = None
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPSConnection(server, timeout=20)
        try:
            conn.request("POST", "/v2/activities/batch", body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status < 300:
                return json.loads(data or b"{}")
            last = f"HTTP {resp.status}"
            if resp.status in (401, 403):
                break
        except (OSError, http.client.HTTPException) as exc:
            last = str(exc)
        finally:
            conn.close()
        log.warning("attempt %d failed: %s", attempt, last)
    raise RuntimeError(f"upload failed: {last}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fit-dir", default=os.environ.get("FIT_DIR", "./Activity"))
    ap.add_argument("--server", default=os.environ.get("COACHLOG_SERVER", DEFAULT_SERVER))
    ap.add_argument("--athlete", required=True, help="athlete id on the platform")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.fit_dir).is_dir():
        log.error("FIT directory %s not found", args.fit_dir)
        return 2

    activities = list(scan(args.fit_dir))
    log.info("found %d activities", len(activities))
    if not activities:
        return 0

    if args.dry_run:
        print(json.dumps(activities, indent=2))
        return 0

    api_key = os.environ.get("COACHLOG_API_KEY")
    if not api_key:
        log.error("COACHLOG_API_KEY is not set")
        return 2

    result = push_batch(args.server, api_key, args.athlete, activities)
    log.info("server accepted %s activities", result.get("accepted", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
