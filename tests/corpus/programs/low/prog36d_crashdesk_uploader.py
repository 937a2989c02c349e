#!/usr/bin/env python3
"""Upload pending minidumps from ./crash_reports to the CrashDesk API.

Each dump is sent once: its MD5 is used as a de-duplication cache key
in ./.crashdesk_state.json.  The API token comes from CRASHDESK_API_TOKEN
and is only ever sent to the CrashDesk endpoint.  Successfully uploaded
dumps are removed from the local crash_reports folder.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import platform
import sys
from pathlib import Path

import requests

API_BASE = "https://api.crashdesk.io/v1"
STATE_FILE = Path(".crashdesk_state.json")
REPORT_DIR = Path("crash_reports")

logger = logging.getLogger("crashdesk")


def os_release() -> dict:
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, _, v = line.rstrip("\n").partition("=")
                    info[k] = v.strip('"')
    except OSError:
        pass
    return {"id": info.get("ID", "unknown"), "version": info.get("VERSION_ID", "")}


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def load_state() -> dict:
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except ValueError:
            logger.warning("state file corrupt, starting fresh")
    return {"uploaded": {}}


def save_state(state: dict) -> None:
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def build_report(dump: Path, app_version: str) -> dict:
    raw = dump.read_bytes()
    meta_path = dump.with_suffix(".json")
    meta = json.loads(meta_path.read_text()) if meta_path.exists() else {}
    return {
        "product": "acme-notes",
        "version": app_version,
        "os": os_release(),
        "cpu": cpu_model(),
        "arch": platform.machine(),
        "signal": meta.get("signal"),
        "thread": meta.get("crashed_thread"),
        "breadcrumbs": meta.get("breadcrumbs", [])[-50:],
        "minidump_b64": base64.b64encode(raw).decode("ascii"),
    }


def upload(session: requests.Session, report: dict, timeout: float) -> str:
    resp = session.post(f"{API_BASE}/reports", json=report, timeout=timeout)
    resp.raise_for_status()
    return resp.json().get("report_id", "")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Send pending crash reports to CrashDesk")
    parser.add_argument("--app-version", default="3.2.0")
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--keep", action="store_true", help="keep dumps after upload")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("CRASHDESK_API_TOKEN")
    if not token and not args.dry_run:
        logger.error("CRASHDESK_API_TOKEN is not set")
        return 1

    if not REPORT_DIR.is_dir():
        logger.info("no crash_reports directory, nothing to do")
        return 0

    state = load_state()
    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {token}", "User-Agent": "crashdesk-uploader/0.9"})

    sent = failed = 0
    for dump in sorted(REPORT_DIR.glob("*.dmp")):
        cache_key = hashlib.md5(dump.read_bytes()).hexdigest()
        if cache_key in state["uploaded"]:
            logger.debug("already sent %s", dump.name)
            continue
        report = build_report(dump, args.app_version)
        if args.dry_run:
            logger.info("would upload %s (%d bytes)", dump.name, dump.stat().st_size)
            continue
        try:
            report_id = upload(session, report, args.timeout)
        except requests.RequestException as exc:
            logger.error("upload of %s failed: %s", dump.name, exc)
            failed += 1
            continue
        state["uploaded"][cache_key] = report_id
        sent += 1
        if not args.keep:
            dump.unlink()
            dump.with_suffix(".json").unlink(missing_ok=True)

    if not args.dry_run:
        save_state(state)
    logger.info("uploaded %d report(s), %d failure(s)", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
