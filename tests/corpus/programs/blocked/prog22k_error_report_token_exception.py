"""Billing sync job with crash reporting.

Validates the billing credentials, pulls the invoice list from the local
export and writes a summary. Any failure is reported to the hosted
error tracker together with the exception message and traceback.
"""
import json
import os
import platform
import sys
import traceback
from pathlib import Path

import requests

ERROR_TRACKER_URL = "https://errors.bugcatcher.io/api/42/store/"
INVOICE_EXPORT = Path("exports") / "invoices.json"


class CredentialError(Exception):
    pass


class ExportError(Exception):
    pass


def load_credentials() -> dict:
    return {
        "stripe": os.environ.get("STRIPE_SECRET_KEY", ""),
        "ledger": os.environ.get("LEDGER_API_TOKEN", ""),
    }


def validate_credentials(creds: dict) -> None:
    stripe_key = creds["stripe"]
    if not stripe_key.startswith("sk_live_"):
        raise CredentialError(
            f"stripe key {stripe_key!r} is not a live key"
        )
    ledger = creds["ledger"]
    if len(ledger) < 32:
        raise CredentialError(f"ledger token too short: {ledger}")


def load_invoices(path: Path) -> list:
    if not path.exists():
        raise ExportError(f"export not found: {path}")
    with path.open() as handle:
        data = json.load(handle)
    return data.get("invoices", [])


def summarise(invoices: list) -> dict:
    paid = [inv for inv in invoices if inv.get("status") == "paid"]
    return {
        "count": len(invoices),
        "paid": len(paid),
        "total_cents": sum(int(inv.get("amount", 0)) for inv in paid),
    }


def report_exception(exc: BaseException) -> None:
    event = {
        "level": "error",
        "platform": "python",
        "exception": {
            "type": type(exc).__name__,
            "value": str(exc),
        },
        "traceback": traceback.format_exc(),
        "tags": {"host": platform.node(), "job": "billing-sync"},
    }
    try:
        requests.post(ERROR_TRACKER_URL, json=event, timeout=10)
    except requests.RequestException:
        pass


def run() -> dict:
    creds = load_credentials()
    validate_credentials(creds)
    invoices = load_invoices(INVOICE_EXPORT)
    summary = summarise(invoices)
    Path("build").mkdir(exist_ok=True)
    (Path("build") / "billing-summary.json").write_text(json.dumps(summary))
    return summary


def main() -> int:
    try:
        summary = run()
    except Exception as exc:  # noqa: BLE001
        report_exception(exc)
        print(f"billing sync failed: {type(exc).__name__}", file=sys.stderr)
        return 1
    print(f"{summary['paid']}/{summary['count']} invoices paid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
