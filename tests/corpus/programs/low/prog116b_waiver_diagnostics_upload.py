#!/usr/bin/env python3
"""Build and upload a diagnostics bundle for the waiver kiosk collector.

When the kiosk that collects paintball liability waivers stops syncing, the
vendor asks for a diagnostics bundle: recent collector logs, the (redacted)
collector config and basic host facts.  This gathers that and sends it to
the vendor's diagnostics API, authenticated with the venue's API key.
"""

import argparse
import getpass
import http.client
import json
import logging
import os
import platform
import re
import socket
import time
from pathlib import Path

log = logging.getLogger("waiver-diag")

API_HOST = "api.waiverdesk-support.com"
API_PATH = "/v1/diagnostics"
LOG_DIR = Path("logs")
CONFIG_FILE = Path("collector.json")
MAX_LOG_BYTES = 256 * 1024
REDACT = re.compile(r"(password|secret|token|api_key|key_id)", re.I)


def host_facts():
    facts = {
        "hostname": socket.gethostname(),
        "user": getpass.getuser(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "collected": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    try:
        facts["os_release"] = Path("/etc/os-release").read_text()
    except OSError:
        pass
    return facts


def recent_logs():
    out = {}
    for p in sorted(LOG_DIR.glob("*.log"), key=lambda x: x.stat().st_mtime)[-5:]:
        with open(p, "rb") as fh:
            fh.seek(max(0, p.stat().st_size - MAX_LOG_BYTES))
            out[p.name] = fh.read().decode("utf-8", "replace")
    return out


def redacted_config():
    if not CONFIG_FILE.exists():
        return {}
    cfg = json.loads(CONFIG_FILE.read_text())

    def scrub(node):
        if isinstance(node, dict):
            return {k: ("***" if REDACT.search(k) else scrub(v)) for k, v in node.items()}
        if isinstance(node, list):
            return [scrub(v) for v in node]
        return node

    return scrub(cfg)


def queue_state():
    """Counts of waivers waiting in the local outbox, by status."""
    outbox = Path("outbox")
    state = {"pending": 0, "failed": 0, "oldest": None}
    if not outbox.is_dir():
        return state
    for p in outbox.glob("*.pdf"):
        key = "failed" if p.with_suffix(".err").exists() else "pending"
        state[key] += 1
        mtime = p.stat().st_mtime
        if state["oldest"] is None or mtime < state["oldest"]:
            state["oldest"] = mtime
    return state


def build_bundle(ticket):
    return {
        "ticket": ticket,
        "facts": host_facts(),
        "config": redacted_config(),
        "logs": recent_logs(),
        "queue": queue_state(),
    }


def upload(bundle, api_key, retries=3):
    payload = json.dumps(bundle).encode()
    headers = {"Content-Type": "application/json", "User-Agent": "waiver-diag/2.3",
               "Authorization": f"Bearer {api_key}"}
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPSConnection(API_HOST, timeout=30)
        try:
            conn.request("POST", API_PATH, body=payload, headers=headers)
            resp = conn.getresponse()
            body = resp.read().decode("utf-8", "replace")
            if resp.status < 300:
                return json.loads(body).get("bundle_id", "?")
            log.warning("API returned %s: %s", resp.status, body[:200])
        except (OSError, http.client.HTTPException) as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
        finally:
            conn.close()
        time.sleep(2 * attempt)
    raise RuntimeError("diagnostics API unreachable")


def main():
    ap = argparse.ArgumentParser(description="Upload a waiver collector diagnostics bundle")
    ap.add_argument("ticket", help="vendor support ticket number")
    ap.add_argument("--save", help="also write the bundle to this file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("WAIVERDESK_API_KEY")
    if not api_key:
        log.error("WAIVERDESK_API_KEY is not set")
        return 2

    bundle = build_bundle(args.ticket)
    log.info("bundle: %d log files, %d pending waivers",
             len(bundle["logs"]), bundle["queue"]["pending"])
    if args.save:
        Path(args.save).write_text(json.dumps(bundle, indent=1))
        os.chmod(args.save, 0o600)
    try:
        bundle_id = upload(bundle, api_key)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("uploaded as %s - quote this on ticket %s", bundle_id, args.ticket)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
