"""Payment reconciliation worker (redacted logging).

Loads its settings from the environment, ships its logs to the team's log
collector through the standard logging HTTP handler, and reconciles the
day's CSV exports in ./exports. Secret fields are excluded from the
settings repr and a filter masks anything that looks like a key.
"""
import csv
import logging
import logging.handlers
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOG_HOST = "logs.acme-internal.com"
LOG_PATH = "/ingest/python"
SECRET_PATTERN = re.compile(r"(sk_live_|sk_test_|AKIA)[A-Za-z0-9]+")

log = logging.getLogger("reconcile")


@dataclass
class Settings:
    region: str
    export_dir: Path
    database_url: str = field(repr=False)
    stripe_secret_key: str = field(repr=False)
    batch_size: int = 500


class RedactFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        record.msg = SECRET_PATTERN.sub("<redacted>", message)
        record.args = None
        return True


def load_settings() -> Settings:
    return Settings(
        region=os.environ.get("APP_REGION", "eu-west-1"),
        export_dir=Path(os.environ.get("EXPORT_DIR", "exports")),
        database_url=os.environ.get("DATABASE_URL", ""),
        stripe_secret_key=os.environ.get("STRIPE_SECRET_KEY", ""),
        batch_size=int(os.environ.get("BATCH_SIZE", "500")),
    )


def configure_logging() -> None:
    log.setLevel(logging.INFO)
    remote = logging.handlers.HTTPHandler(
        LOG_HOST, LOG_PATH, method="POST", secure=True
    )
    remote.setLevel(logging.INFO)
    remote.addFilter(RedactFilter())
    log.addHandler(logging.StreamHandler(sys.stderr))
    log.addHandler(remote)


def read_rows(path: Path):
    with path.open(newline="") as handle:
        yield from csv.DictReader(handle)


def reconcile_file(path: Path) -> dict:
    totals = {"rows": 0, "mismatched": 0, "amount": 0}
    for row in read_rows(path):
        totals["rows"] += 1
        try:
            expected = int(row.get("expected_cents", "0"))
            actual = int(row.get("settled_cents", "0"))
        except ValueError:
            totals["mismatched"] += 1
            continue
        totals["amount"] += actual
        if expected != actual:
            totals["mismatched"] += 1
    return totals


def main() -> int:
    configure_logging()
    settings = load_settings()
    log.info("worker starting with %r", settings)
    log.info("stripe key configured: %s", bool(settings.stripe_secret_key))

    if not settings.export_dir.is_dir():
        log.warning("export directory %s missing", settings.export_dir)
        return 1

    grand = {"rows": 0, "mismatched": 0, "amount": 0}
    for path in sorted(settings.export_dir.glob("*.csv")):
        totals = reconcile_file(path)
        for key, value in totals.items():
            grand[key] += value
        log.info("reconciled %s: %s", path.name, totals)

    log.info("done: %(rows)d rows, %(mismatched)d mismatched", grand)
    return 0 if grand["mismatched"] == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
