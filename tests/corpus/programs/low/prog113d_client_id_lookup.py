#!/usr/bin/env python3
"""Client identity check for notarial appointments.

Submits the scanned ID document and selfie captured at intake to the
identity-verification provider, polls for the decision and writes a
verification record next to the appointment file so the notary can cite
it in the journal entry.
"""
import argparse
import base64
import json
import logging
import os
import time
from pathlib import Path

import requests

log = logging.getLogger("id-check")

API_BASE = os.environ.get("IDV_API_BASE", "https://api.example-idv.com/v1")


class IdvClient:
    def __init__(self, api_key):
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": api_key, "Accept": "application/json"})

    def _post(self, path, payload):
        resp = self.session.post(f"{API_BASE}{path}", json=payload, timeout=30)
        if resp.status_code >= 400:
            log.warning("provider returned %s for %s: %s",
                        resp.status_code, path, resp.text[:300])
        resp.raise_for_status()
        return resp.json()

    def create_check(self, id_front, selfie, reference):
        def enc(p):
            return base64.b64encode(Path(p).read_bytes()).decode("ascii")
        return self._post("/checks", {
            "reference": reference,
            "document": {"front": enc(id_front)},
            "selfie": enc(selfie),
        })

    def wait_for_result(self, check_id, attempts=20, delay=3.0):
        for _ in range(attempts):
            resp = self.session.get(f"{API_BASE}/checks/{check_id}", timeout=15)
            resp.raise_for_status()
            data = resp.json()
            if data.get("status") in ("approved", "declined", "review"):
                return data
            time.sleep(delay)
        raise TimeoutError(f"check {check_id} still pending")


def summarise(result):
    """Reduce the provider response to what the journal entry needs."""
    doc = result.get("document", {})
    return {
        "check_id": result.get("id"),
        "status": result.get("status"),
        "document_type": doc.get("type"),
        "issuing_country": doc.get("country"),
        "expiry": doc.get("expiry_date"),
        "face_match": result.get("face_match", {}).get("score"),
        "completed_at": result.get("completed_at"),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("appointment_dir", type=Path,
                    help="folder holding id_front.jpg and selfie.jpg")
    ap.add_argument("--reference", help="appointment reference (defaults to folder name)")
    ap.add_argument("--full", action="store_true", help="keep the full provider response")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("IDV_API_KEY")
    if not api_key:
        raise SystemExit("IDV_API_KEY is not set")
    client = IdvClient(api_key)

    ref = args.reference or args.appointment_dir.name
    try:
        check = client.create_check(args.appointment_dir / "id_front.jpg",
                                    args.appointment_dir / "selfie.jpg", ref)
        result = client.wait_for_result(check["id"])
    except (requests.RequestException, TimeoutError, FileNotFoundError) as exc:
        log.error("verification failed for %s: %s", ref, exc)
        raise SystemExit(2)

    record = result if args.full else summarise(result)
    out = args.appointment_dir / "id_verification.json"
    out.write_text(json.dumps(record, indent=2))
    os.chmod(out, 0o600)
    log.info("%s: %s (record written to %s)", ref, record.get("status"), out)


if __name__ == "__main__":
    main()
