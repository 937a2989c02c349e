#!/usr/bin/env python3
"""Send weekly payslips to the payroll provider.

Reads the payslip CSV produced by the batch runner, renders one small text
payslip per artist, and uploads them (base64 attachments inside JSON) to the
payroll provider's API. The API token comes from the environment and is only
sent to that provider.
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
import tempfile
import urllib.error
import urllib.request

log = logging.getLogger("payroll-export")

PROVIDER_URL = "https://api.payroll.example.com/v2/payslips"
TOKEN_ENV = "PAYROLL_PROVIDER_TOKEN"


def render_payslip(row, week):
    return (
        f"Cirque Itinerant - payslip week {week}\n"
        f"Name:  {row['name']}\n"
        f"Role:  {row['role']}\n"
        f"Hours: {row['hours']}\n"
        f"Gross: {row['gross']}\n"
    )


class ProviderClient:
    def __init__(self, token, timeout=20):
        self.token = token
        self.timeout = timeout

    def upload(self, batch):
        body = json.dumps(batch).encode()
        req = urllib.request.Request(
            PROVIDER_URL,
            data=body,
            method="POST",
            headers={
                "Authorization": f"Bearer {self.token}",
                "Content-Type": "application/json",
            },
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)


def build_batch(csv_path, week):
    items = []
    with open(csv_path, newline="") as fh:
        for row in csv.DictReader(fh):
            text = render_payslip(row, week)
            items.append({
                "employee": row["name"],
                "filename": f"payslip-{week}-{row['name'].replace(' ', '_')}.txt",
                "content_b64": base64.b64encode(text.encode()).decode(),
            })
    return {"week": week, "payslips": items}


def keep_local_copy(batch):
    """Write the batch to a private temp file in case the upload must be retried."""
    fd, path = tempfile.mkstemp(prefix="payslips-", suffix=".json", dir=".")
    with os.fdopen(fd, "w") as fh:
        json.dump(batch, fh)
    os.chmod(path, 0o600)
    return path


def main():
    parser = argparse.ArgumentParser(description="Upload payslips to the payroll provider")
    parser.add_argument("payslips_csv")
    parser.add_argument("--week", required=True)
    parser.add_argument("--keep", action="store_true", help="keep the local copy after upload")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    token = os.environ.get(TOKEN_ENV)
    if not token:
        log.error("%s is not set", TOKEN_ENV)
        return 2

    batch = build_batch(args.payslips_csv, args.week)
    if not batch["payslips"]:
        log.info("nothing to upload")
        return 0
    local = keep_local_copy(batch)
    log.info("prepared %d payslips (%s)", len(batch["payslips"]), local)

    try:
        result = ProviderClient(token).upload(batch)
    except urllib.error.HTTPError as exc:
        log.error("provider rejected batch: %s", exc.code)
        return 1
    except OSError as exc:
        log.error("upload failed, local copy kept at %s: %s", local, exc)
        return 1

    log.info("provider accepted batch %s", result.get("batch_id", "?"))
    if not args.keep:
        os.remove(local)
    return 0


if __name__ == "__main__":
    sys.exit(main())
