#!/usr/bin/env python3
"""Upload game crash summaries to the studio's crash-triage API.

Reads minidump summary files (*.crash.json) produced by the engine in
./crashes, strips the player-identifying fields, and posts each report as
JSON to the triage service. The API key comes from CRASHDESK_API_KEY and is
only ever sent to the triage endpoint. Uploaded reports move to ./crashes/sent.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import sys
import urllib.error
import urllib.request
from pathlib import Path

DEFAULT_ENDPOINT = "https://crashdesk.lanternforge.games/api/v2/reports"
REDACT_FIELDS = ("player_name", "account_id", "ip_address", "steam_id")
log = logging.getLogger("crashdesk")


class TriageClient:
    def __init__(self, endpoint: str, api_key: str, timeout: float = 15.0):
        self.endpoint = endpoint
        self.timeout = timeout
        self._headers = {
            "Content-Type": "application/json",
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "lanternforge-crash-uploader/1.4",
        }

    def submit(self, report: dict) -> str:
        body = json.dumps(report).encode("utf-8")
        req = urllib.request.Request(self.endpoint, data=body,
                                     headers=self._headers, method="POST")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            payload = json.load(resp)
        return payload.get("ticket", "?")


def scrub(report: dict) -> dict:
    clean = {k: v for k, v in report.items() if k not in REDACT_FIELDS}
    clean["client"] = {
        "os": platform.system(),
        "os_release": platform.release(),
        "python": platform.python_version(),
    }
    return clean


def pending_reports(crash_dir: Path):
    for path in sorted(crash_dir.glob("*.crash.json")):
        try:
            yield path, json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            log.warning("unreadable crash file %s: %s", path.name, exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--crash-dir", default="crashes")
    ap.add_argument("--endpoint", default=DEFAULT_ENDPOINT)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("CRASHDESK_API_KEY")
    if not api_key and not args.dry_run:
        log.error("CRASHDESK_API_KEY is not set")
        return 2

    crash_dir = Path(args.crash_dir)
    sent_dir = crash_dir / "sent"
    sent_dir.mkdir(parents=True, exist_ok=True)
    client = TriageClient(args.endpoint, api_key or "")

    uploaded = failed = 0
    for path, report in pending_reports(crash_dir):
        clean = scrub(report)
        if args.dry_run:
            print(json.dumps(clean, indent=2))
            continue
        try:
            ticket = client.submit(clean)
        except urllib.error.URLError as exc:
            log.error("upload of %s failed: %s", path.name, exc)
            failed += 1
            continue
        shutil.move(str(path), sent_dir / path.name)
        log.info("%s -> ticket %s", path.name, ticket)
        uploaded += 1

    log.info("uploaded %d, failed %d", uploaded, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
