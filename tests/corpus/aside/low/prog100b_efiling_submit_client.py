#!/usr/bin/env python3
"""Submit a filing envelope (lead document plus attachments) to the court's
e-filing service provider (EFSP) REST API.

The envelope is described by a small JSON manifest kept next to the PDFs in
the matter's working folder:

    {
      "court": "SUP-CIV-04",
      "case_number": "24-CV-01187",
      "filing_code": "MOT-SJ",
      "lead": "motion_summary_judgment.pdf",
      "attachments": ["exhibit_a.pdf", "proposed_order.pdf"],
      "service_contacts": ["opposing@lawfirm.example"]
    }

The API key is read from EFSP_API_KEY and only ever sent to the EFSP host.
Results are appended to ./filings.log.json so the docketing clerk can match
envelope ids to calendar entries.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("efile")
DEFAULT_API = os.environ.get("EFSP_API_BASE", "https://api.efsp.example.com/v2")
MAX_PDF_BYTES = 35 * 1024 * 1024
RETRYABLE = {429, 502, 503, 504}


class FilingError(RuntimeError):
    pass


def load_manifest(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise FilingError(f"cannot read manifest {path}: {exc}") from exc
    for key in ("court", "case_number", "filing_code", "lead"):
        if not data.get(key):
            raise FilingError(f"manifest missing '{key}'")
    data.setdefault("attachments", [])
    data.setdefault("service_contacts", [])
    return data


def encode_document(folder: Path, name: str, role: str) -> dict:
    pdf = folder / name
    raw = pdf.read_bytes()
    if not raw.startswith(b"%PDF"):
        raise FilingError(f"{name} is not a PDF")
    if len(raw) > MAX_PDF_BYTES:
        raise FilingError(f"{name} exceeds the court's 35 MB limit")
    return {
        "file_name": pdf.name,
        "role": role,
        "sha256": hashlib.sha256(raw).hexdigest(),
        "content_b64": base64.b64encode(raw).decode("ascii"),
    }


def build_envelope(manifest: dict, folder: Path) -> dict:
    docs = [encode_document(folder, manifest["lead"], "lead")]
    for name in manifest["attachments"]:
        docs.append(encode_document(folder, name, "attachment"))
    return {
        "court_id": manifest["court"],
        "case_number": manifest["case_number"],
        "filing_code": manifest["filing_code"],
        "documents": docs,
        "service": [{"email": e} for e in manifest["service_contacts"]],
        "client_reference": manifest.get("client_matter", ""),
    }


class EfspClient:
    def __init__(self, base_url: str, api_key: str, timeout: float = 60.0):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "firm-efile/1.4",
        })
        self.timeout = timeout

    def submit(self, envelope: dict, attempts: int = 4) -> dict:
        url = f"{self.base_url}/envelopes"
        delay = 2.0
        for attempt in range(1, attempts + 1):
            resp = self.session.post(url, json=envelope, timeout=self.timeout)
            if resp.status_code in RETRYABLE and attempt < attempts:
                LOG.warning("EFSP busy (%s), retry %d in %.0fs", resp.status_code, attempt, delay)
                time.sleep(delay)
                delay *= 2
                continue
            if resp.status_code >= 400:
                raise FilingError(f"EFSP rejected envelope: {resp.status_code} {resp.text[:300]}")
            return resp.json()
        raise FilingError("EFSP unavailable after retries")

    def status(self, envelope_id: str) -> dict:
        resp = self.session.get(f"{self.base_url}/envelopes/{envelope_id}", timeout=30)
        resp.raise_for_status()
        return resp.json()


def record_result(log_path: Path, manifest: dict, result: dict) -> None:
    entries = []
    if log_path.exists():
        try:
            entries = json.loads(log_path.read_text(encoding="utf-8"))
        except json.JSONDecodeError:
            LOG.warning("%s was unreadable, starting a new log", log_path)
    entries.append({
        "submitted_at": datetime.now(timezone.utc).isoformat(),
        "case_number": manifest["case_number"],
        "filing_code": manifest["filing_code"],
        "envelope_id": result.get("envelope_id"),
        "status": result.get("status"),
    })
    log_path.write_text(json.dumps(entries, indent=2), encoding="utf-8")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Submit a court e-filing envelope")
    p.add_argument("manifest", type=Path, help="path to filing manifest JSON")
    p.add_argument("--api", default=DEFAULT_API, help="EFSP API base URL")
    p.add_argument("--dry-run", action="store_true", help="build envelope but do not send")
    p.add_argument("--wait", type=int, default=0, help="poll status for N seconds after submit")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("EFSP_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("EFSP_API_KEY is not set")
        return 2
    try:
        manifest = load_manifest(args.manifest)
        envelope = build_envelope(manifest, args.manifest.parent)
    except FilingError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("envelope for %s has %d document(s)", manifest["case_number"], len(envelope["documents"]))
    if args.dry_run:
        return 0

    client = EfspClient(args.api, api_key)
    try:
        result = client.submit(envelope)
    except (FilingError, requests.RequestException) as exc:
        LOG.error("submission failed: %s", exc)
        return 1
    LOG.info("accepted by EFSP: envelope %s (%s)", result.get("envelope_id"), result.get("status"))

    deadline = time.monotonic() + args.wait
    while args.wait and time.monotonic() < deadline:
        time.sleep(10)
        try:
            result.update(client.status(result["envelope_id"]))
        except requests.RequestException as exc:
            LOG.debug("status poll failed: %s", exc)
            continue
        if result.get("status") in ("accepted", "rejected"):
            break
    record_result(Path("filings.log.json"), manifest, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
