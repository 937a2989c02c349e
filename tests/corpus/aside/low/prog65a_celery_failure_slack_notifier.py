#!/usr/bin/env python3
"""
Celery task failure notifier.

Hooks Celery's ``task_failure`` signal and posts a short message to the
team's Slack channel through an incoming webhook, so on-call sees which
worker and which task failed without having to ssh into the box.

Wire it up in the Celery app module:

    from ops.failure_notifier import install
    install()

Run it directly to push a synthetic notification (useful after a deploy to
confirm the worker can reach Slack):

    SLACK_WEBHOOK_URL=... python failure_notifier.py
    python failure_notifier.py --print    # just print the payload
"""
import argparse
import json
import logging
import os
import platform
import queue
import socket
import sys
import threading
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Dict, Optional

import requests

try:
    from celery.signals import task_failure
except ImportError:  # the CLI mode works without celery installed
    task_failure = None

log = logging.getLogger("ops.failure_notifier")


@dataclass
class NotifierConfig:
    webhook_url: str = field(default_factory=lambda: os.environ.get("SLACK_WEBHOOK_URL", ""))
    service: str = field(default_factory=lambda: os.environ.get("SERVICE_NAME", "web-backend"))
    channel: str = field(default_factory=lambda: os.environ.get("SLACK_CHANNEL", "#backend-alerts"))
    timeout: float = 5.0
    retries: int = 3


CONFIG = NotifierConfig()
_outbox: "queue.Queue[Dict[str, Any]]" = queue.Queue(maxsize=500)


def _worker_summary() -> str:
    return "%s (pid %d, py %s, %s)" % (socket.gethostname(), os.getpid(),
                                       sys.version.split()[0], platform.system())


def build_message(task_name: str, task_id: Optional[str], exc: BaseException,
                  tb: Optional[str] = None) -> Dict[str, Any]:
    tb = tb or "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    tail = "\n".join(tb.strip().splitlines()[-12:])
    return {
        "channel": CONFIG.channel,
        "username": "%s-celery" % CONFIG.service,
        "text": ":rotating_light: `%s` failed on %s" % (task_name, _worker_summary()),
        "attachments": [{
            "color": "danger",
            "fields": [
                {"title": "Task id", "value": task_id or "-", "short": True},
                {"title": "Error", "value": "%s: %s" % (type(exc).__name__, str(exc)[:300]),
                 "short": True},
            ],
            "text": "```%s```" % tail,
            "ts": int(time.time()),
        }],
    }


def _post(message: Dict[str, Any]) -> bool:
    if not CONFIG.webhook_url:
        log.error("SLACK_WEBHOOK_URL is not set; nothing sent")
        return False
    for attempt in range(1, CONFIG.retries + 1):
        try:
            resp = requests.post(CONFIG.webhook_url, json=message, timeout=CONFIG.timeout)
            if resp.status_code < 300:
                return True
            log.warning("slack answered %s (attempt %d)", resp.status_code, attempt)
        except requests.RequestException as err:
            log.warning("slack unreachable: %s (attempt %d)", err, attempt)
        time.sleep(2 ** attempt)
    return False


def _sender_loop() -> None:
    while True:
        message = _outbox.get()
        try:
            if not _post(message):
                log.error("dropping notification: %s", message["text"])
        finally:
            _outbox.task_done()


_sender = threading.Thread(target=_sender_loop, name="failure-notifier", daemon=True)


def _on_task_failure(sender=None, task_id=None, exception=None, args=None,
                     kwargs=None, traceback=None, einfo=None, **_):
    name = getattr(sender, "name", str(sender))
    tb = str(einfo) if einfo is not None else None
    try:
        _outbox.put_nowait(build_message(name, task_id, exception, tb))
    except queue.Full:
        log.error("notification outbox full, message for %s lost", name)


def install() -> None:
    if task_failure is None:
        raise RuntimeError("celery is not importable in this environment")
    if not _sender.is_alive():
        _sender.start()
    task_failure.connect(_on_task_failure, weak=False)
    log.info("failure notifier connected to %s", CONFIG.channel)


def main() -> int:
    parser = argparse.ArgumentParser(description="Send a synthetic Celery failure notification")
    parser.add_argument("--print", dest="print_only", action="store_true",
                        help="print the payload instead of sending it")
    parser.add_argument("--task", default="ops.selftest")
    opts = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        raise RuntimeError("synthetic failure from deploy self-test")
    except RuntimeError as exc:
        message = build_message(opts.task, "selftest-%d" % os.getpid(), exc)

    if opts.print_only:
        print(json.dumps(message, indent=2))
        return 0
    ok = _post(message)
    log.info("self-test notification %s", "delivered" if ok else "NOT delivered")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
