#!/usr/bin/env python3
"""Upload scanned buyback receipts to the exchange's records API.

Each PDF in ./receipts/outbox is base64-encoded into a JSON document along
with its receipt metadata and posted to the records service.  Successful
uploads are moved to ./receipts/sent; a local upload log is kept with
owner-only permissions since it contains student IDs.
"""
import argparse
import base64
import json
import logging
import os
import tempfile
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("receipt_upload")

RECORDS_API = "https://records.example.com/api/receipts"
OUTBOX = Path("receipts/outbox")
SENT = Path("receipts/sent")
UPLOAD_LOG = Path("receipts/upload_log.jsonl")


def metadata_for(pdf: Path) -> dict:
    """Receipt files are named <receipt_id>__<student_id>.pdf by the scanner."""
    stem = pdf.stem
    rid, _, sid = stem.partition("__")
    return {"receipt_id": rid, "student_id": sid or None}


def build_document(pdf: Path) -> dict:
    doc = metadata_for(pdf)
    doc["filename"] = pdf.name
    doc["scanned_at"] = datetime.fromtimestamp(pdf.stat().st_mtime, timezone.utc).isoformat()
    doc["content_b64"] = base64.b64encode(pdf.read_bytes()).decode("ascii")
    return doc


def append_log(entry: dict) -> None:
    """Append to the upload log atomically via a temp file in the same dir."""
    UPLOAD_LOG.parent.mkdir(parents=True, exist_ok=True)
    existing = UPLOAD_LOG.read_text() if UPLOAD_LOG.exists() else ""
    fd, tmp = tempfile.mkstemp(dir=UPLOAD_LOG.parent, prefix=".log-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(existing + json.dumps(entry) + "\n")
        os.chmod(tmp, 0o600)
        os.replace(tmp, UPLOAD_LOG)
    except Exception:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def upload(session: requests.Session, doc: dict) -> str:
    resp = session.post(RECORDS_API, json=doc, timeout=30)
    if resp.status_code == 409:
        return "duplicate"
    resp.raise_for_status()
    return resp.json().get("record_id", "?")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--limit", type=int, default=0, help="upload at most N files")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("RECORDS_API_TOKEN")
    if not token and not args.dry_run:
        log.error("RECORDS_API_TOKEN not set")
        raise SystemExit(1)

    pdfs = sorted(OUTBOX.glob("*.pdf"))
    if args.limit:
        pdfs = pdfs[: args.limit]
    if not pdfs:
        log.info("outbox empty")
        return

    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {token}"
    SENT.mkdir(parents=True, exist_ok=True)
    ok = failed = 0
    for pdf in pdfs:
        doc = build_document(pdf)
        if args.dry_run:
            log.info("would upload %s (%d bytes b64)", pdf.name, len(doc["content_b64"]))
            continue
        try:
            record = upload(session, doc)
        except requests.RequestException as exc:
            log.warning("upload of %s failed: %s", pdf.name, exc)
            failed += 1
            continue
        pdf.rename(SENT / pdf.name)
        append_log({"file": pdf.name, "record": record, "student_id": doc["student_id"],
                    "at": datetime.now(timezone.utc).isoformat()})
        ok += 1
    log.info("uploaded %d, failed %d", ok, failed)


if __name__ == "__main__":
    main()
