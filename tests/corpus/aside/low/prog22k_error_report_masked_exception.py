"""Billing sync job with crash reporting (no secrets in messages).

Validates the billing credentials, pulls the invoice list from the local
export and writes a summary. Any failure is reported to the team's error
tracker. Exception messages name the offending setting but never carry
its value, and the traceback is not attached.
"""
import json
import os
import platform
import sys
from pathlib import Path

import requests

ERROR_TRACKER_URL = "https://errors.acme-internal.com/api/42/store/"
INVOICE_EXPORT = Path("exports") / "invoices.json"


class CredentialError(Exception):
    pass


class ExportError(Exception):
    pass


def load_credentials() -> dict:
    return {
        "STRIPE_SECRET_KEY": os.environ.get("STRIPE_SECRET_KEY", ""),
        "LEDGER_API_TOKEN": os.environ.get("LEDGER_API_TOKEN", ""),
    }


def validate_credentials(creds: dict) -> None:
    if not creds["STRIPE_SECRET_KEY"].startswith("sk_live_"):
        raise CredentialError("STRIPE_SECRET_KEY is not a live key")
    length = len(creds["LEDGER_API_TOKEN"])
    if length < 32:
        raise CredentialError(
            f"LEDGER_API_TOKEN too short ({length} characters, need 32)"
        )


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
        "tags": {"host": platform.node(), "job": "billing-sync"},
    }
    dsn_key = os.environ.get("ERROR_TRACKER_KEY")
    if not dsn_key:
        return
    try:
        requests.post(ERROR_TRACKER_URL, json=event,
                      headers={"X-Tracker-Key": dsn_key}, timeout=10)
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
        print(f"billing sync failed: {exc}", file=sys.stderr)
        return 1
    print(f"{summary['paid']}/{summary['count']} invoices paid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
