#!/usr/bin/env python3
"""Upload intraoral scan exports (STL/PLY/OBJ) to the lab case portal.

Watches nothing; it is meant to be run by the front desk after a scan
session.  Every file in the export folder that has not been sent yet is
posted to the portal's /v2/scans endpoint together with the case number
parsed from the file name (e.g. ``C10423_upper.stl``).

The portal token is read from LABPORTAL_TOKEN.
"""
import argparse
import hashlib
import http.client
import json
import logging
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlparse

LOG = logging.getLogger("scan_upload")
SCAN_SUFFIXES = {".stl", ".ply", ".obj", ".dcm"}
CASE_RE = re.compile(r"^(C\d{4,6})[_-](upper|lower|bite|full)", re.I)
LEDGER = Path(".scan_upload_ledger.json")


def load_ledger():
    if LEDGER.exists():
        try:
            return json.loads(LEDGER.read_text())
        except json.JSONDecodeError:
            LOG.warning("ledger corrupt, starting fresh")
    return {}


def save_ledger(ledger):
    LEDGER.write_text(json.dumps(ledger, indent=2, sort_keys=True))


def sha256_of(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(bufsize), b""):
            h.update(block)
    return h.hexdigest()


def pending_scans(folder, ledger):
    for path in sorted(Path(folder).iterdir()):
        if path.suffix.lower() not in SCAN_SUFFIXES:
            continue
        m = CASE_RE.match(path.name)
        if not m:
            LOG.debug("skipping %s: no case number", path.name)
            continue
        digest = sha256_of(path)
        if ledger.get(path.name) == digest:
            continue
        yield path, m.group(1).upper(), m.group(2).lower(), digest


class PortalClient:
    def __init__(self, base_url, token, timeout=60):
        u = urlparse(base_url)
        self.host = u.hostname
        self.port = u.port or 443
        self.prefix = u.path.rstrip("/")
        self.token = token
        self.timeout = timeout

    def _conn(self):
        return http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)

    def post_scan(self, path, case_no, arch, digest):
        boundary = "----scanboundary" + digest[:16]
        meta = json.dumps({"case": case_no, "arch": arch, "sha256": digest})
        head = (
            f"--{boundary}\r\n"
            'Content-Disposition: form-data; name="meta"\r\n'
            "Content-Type: application/json\r\n\r\n"
            f"{meta}\r\n"
            f"--{boundary}\r\n"
            f'Content-Disposition: form-data; name="file"; filename="{path.name}"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n"
        ).encode()
        tail = f"\r\n--{boundary}--\r\n".encode()
        body = head + path.read_bytes() + tail
        conn = self._conn()
        try:
            conn.request(
                "POST",
                f"{self.prefix}/v2/scans",
                body=body,
                headers={
                    "Authorization": f"Bearer {self.token}",
                    "Content-Type": f"multipart/form-data; boundary={boundary}",
                },
            )
            resp = conn.getresponse()
            payload = resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"portal said {resp.status}: {payload[:200]!r}")
            return json.loads(payload or b"{}")
        finally:
            conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default="scans_out")
    ap.add_argument("--portal", default=os.environ.get("LABPORTAL_URL", "https://portal.crownline-lab.com/api"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("LABPORTAL_TOKEN")
    if not token and not args.dry_run:
        LOG.error("LABPORTAL_TOKEN is not set")
        return 2

    ledger = load_ledger()
    client = PortalClient(args.portal, token)
    sent = failed = 0
    for path, case_no, arch, digest in pending_scans(args.folder, ledger):
        LOG.info("%s -> case %s (%s)", path.name, case_no, arch)
        if args.dry_run:
            continue
        try:
            result = client.post_scan(path, case_no, arch, digest)
            LOG.info("accepted as %s", result.get("scan_id", "?"))
            ledger[path.name] = digest
            sent += 1
        except (OSError, RuntimeError) as exc:
            LOG.error("upload of %s failed: %s", path.name, exc)
            failed += 1
    save_ledger(ledger)
    LOG.info("done: %d sent, %d failed", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
