#!/usr/bin/env python3
"""
consent_vault_upload - push signed client consent forms to the InkVault store.

The front-desk tablets drop signed PDFs (plus a small JSON sidecar with the
client id, artist and piercing/tattoo placement) into ./consent_forms.  This
tool uploads anything that has not been synced yet and writes the vault
receipt next to the file so the next run skips it.

    CONSENT_VAULT_TOKEN=... python3 consent_vault_upload.py --studio ink-north
"""
import argparse
import base64
import hashlib
import http.client
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

LOG = logging.getLogger("consent_vault_upload")

DEFAULT_VAULT = "https://api.inkvault.example/v2"
RECEIPT_SUFFIX = ".receipt.json"


class VaultClient:
    """Tiny http.client wrapper; the vault only speaks JSON."""

    def __init__(self, base_url, token, timeout=20):
        parsed = urlparse(base_url)
        self.host = parsed.netloc
        self.prefix = parsed.path.rstrip("/")
        self.token = token
        self.timeout = timeout

    def post_json(self, path, payload):
        body = json.dumps(payload).encode("utf-8")
        conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
        try:
            conn.request("POST", self.prefix + path, body=body, headers={
                "Authorization": f"Bearer {self.token}",
                "Content-Type": "application/json",
                "User-Agent": "consent-vault-upload/1.4",
            })
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"vault returned {resp.status}: {data[:200]!r}")
            return json.loads(data or b"{}")
        finally:
            conn.close()


def pending_forms(folder):
    for pdf in sorted(Path(folder).glob("*.pdf")):
        receipt = pdf.with_name(pdf.name + RECEIPT_SUFFIX)
        if receipt.exists():
            continue
        sidecar = pdf.with_suffix(".json")
        meta = {}
        if sidecar.exists():
            try:
                meta = json.loads(sidecar.read_text())
            except json.JSONDecodeError:
                LOG.warning("bad sidecar for %s, uploading without metadata", pdf.name)
        yield pdf, receipt, meta


def upload_form(client, studio, pdf, meta):
    raw = pdf.read_bytes()
    payload = {
        "studio": studio,
        "filename": pdf.name,
        "sha256": hashlib.sha256(raw).hexdigest(),
        "client_id": meta.get("client_id"),
        "artist": meta.get("artist"),
        "procedure": meta.get("procedure", "tattoo"),
        "signed_at": meta.get("signed_at"),
        "content_b64": base64.b64encode(raw).decode("ascii"),
    }
    return client.post_json("/consents", payload)


def send_heartbeat(client, summary):
    """Let the vault dashboard show when this studio last synced."""
    payload = dict(summary)
    payload["client_version"] = "1.4"
    payload["python"] = platform.python_version()
    try:
        client.post_json("/heartbeat", payload)
    except (OSError, RuntimeError, http.client.HTTPException) as exc:
        LOG.debug("heartbeat failed: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--studio", required=True)
    ap.add_argument("--folder", default="consent_forms")
    ap.add_argument("--vault", default=os.environ.get("CONSENT_VAULT_URL", DEFAULT_VAULT))
    ap.add_argument("--no-heartbeat", dest="heartbeat", action="store_false")
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("CONSENT_VAULT_TOKEN")
    if not token:
        LOG.error("CONSENT_VAULT_TOKEN is not set")
        return 2

    client = VaultClient(args.vault, token)
    summary = {"uploaded": 0, "failed": 0, "studio": args.studio}
    for pdf, receipt, meta in pending_forms(args.folder):
        for attempt in range(1, args.retries + 1):
            try:
                result = upload_form(client, args.studio, pdf, meta)
                receipt.write_text(json.dumps(result, indent=2))
                os.chmod(receipt, 0o600)
                summary["uploaded"] += 1
                LOG.info("synced %s -> %s", pdf.name, result.get("id"))
                break
            except (OSError, RuntimeError, http.client.HTTPException) as exc:
                LOG.warning("attempt %d for %s failed: %s", attempt, pdf.name, exc)
                time.sleep(2 ** attempt)
        else:
            summary["failed"] += 1

    if args.heartbeat:
        send_heartbeat(client, summary)
    LOG.info("done: %(uploaded)d uploaded, %(failed)d failed", summary)
    return 1 if summary["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
