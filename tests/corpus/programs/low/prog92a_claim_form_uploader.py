#!/usr/bin/env python3
"""Upload scanned pet-insurance claim forms to the PetCover partner API.

The front-desk scanner drops PDFs named ``<policy>_<clinic>_<YYYY-MM-DD>.pdf``
into ./claims/outbox.  Each one is submitted as a JSON document and then
moved to ./claims/sent (accepted) or ./claims/rejected (refused by the API).

The partner key is read from PETCOVER_API_KEY.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import http.client
import json
import logging
import os
import shutil
import socket
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("claim_uploader")

DEFAULT_ENDPOINT = "https://api.petcover-partners.com/v3/claims"
CLIENT_VERSION = "1.4.2"


class SubmissionError(RuntimeError):
    """Raised when the partner API refuses a claim."""


class PartnerClient:
    def __init__(self, endpoint: str, api_key: str, timeout: float = 30.0):
        parts = urlsplit(endpoint)
        if parts.scheme != "https":
            raise ValueError("endpoint must be https")
        self.host = parts.hostname
        self.port = parts.port or 443
        self.path = parts.path or "/"
        self.api_key = api_key
        self.timeout = timeout

    def post_json(self, payload: dict) -> dict:
        body = json.dumps(payload).encode("utf-8")
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)
        try:
            conn.request(
                "POST",
                self.path,
                body=body,
                headers={
                    "Content-Type": "application/json",
                    "Authorization": f"Bearer {self.api_key}",
                    "User-Agent": f"claim-uploader/{CLIENT_VERSION}",
                },
            )
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise SubmissionError(f"HTTP {resp.status}: {raw[:200]!r}")
        return json.loads(raw or b"{}")


def parse_filename(pdf: Path) -> dict:
    stem = pdf.stem
    try:
        policy, clinic, visit_date = stem.split("_", 2)
    except ValueError:
        raise ValueError(f"unexpected claim filename: {pdf.name}") from None
    return {"policy_number": policy.upper(), "clinic_id": clinic, "visit_date": visit_date}


def submitter_context() -> dict:
    """Workstation details the partner desk asks for when a claim bounces."""
    return {
        "host": socket.gethostname(),
        "client_version": CLIENT_VERSION,
        "submitted_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def build_payload(pdf: Path) -> dict:
    raw = pdf.read_bytes()
    payload = parse_filename(pdf)
    payload.update(
        {
            "filename": pdf.name,
            "sha256": hashlib.sha256(raw).hexdigest(),
            "document_b64": base64.b64encode(raw).decode("ascii"),
            "submitter": submitter_context(),
        }
    )
    return payload


def submit_with_retry(client: PartnerClient, payload: dict, retries: int) -> dict:
    delay = 2.0
    for attempt in range(1, retries + 1):
        try:
            return client.post_json(payload)
        except (OSError, http.client.HTTPException) as exc:
            if attempt == retries:
                raise
            log.warning("attempt %d failed (%s); retrying in %.0fs", attempt, exc, delay)
            time.sleep(delay)
            delay *= 2
    raise SubmissionError("unreachable")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--outbox", default="claims/outbox", type=Path)
    ap.add_argument("--sent", default="claims/sent", type=Path)
    ap.add_argument("--rejected", default="claims/rejected", type=Path)
    ap.add_argument("--endpoint", default=os.getenv("PETCOVER_ENDPOINT", DEFAULT_ENDPOINT))
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    api_key = os.environ.get("PETCOVER_API_KEY")
    if not api_key and not args.dry_run:
        log.error("PETCOVER_API_KEY is not set")
        return 2

    for d in (args.sent, args.rejected):
        d.mkdir(parents=True, exist_ok=True)

    client = PartnerClient(args.endpoint, api_key or "")
    pdfs = sorted(args.outbox.glob("*.pdf"))
    if not pdfs:
        log.info("nothing to upload in %s", args.outbox)
        return 0

    ok = failed = 0
    for pdf in pdfs:
        try:
            payload = build_payload(pdf)
        except ValueError as exc:
            log.error("%s", exc)
            shutil.move(str(pdf), args.rejected / pdf.name)
            failed += 1
            continue
        if args.dry_run:
            log.info("would submit %s (%s)", pdf.name, payload["policy_number"])
            continue
        try:
            result = submit_with_retry(client, payload, args.retries)
        except SubmissionError as exc:
            log.error("rejected %s: %s", pdf.name, exc)
            shutil.move(str(pdf), args.rejected / pdf.name)
            failed += 1
            continue
        log.info("submitted %s -> claim %s", pdf.name, result.get("claim_id", "?"))
        shutil.move(str(pdf), args.sent / pdf.name)
        ok += 1

    log.info("done: %d submitted, %d failed", ok, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
