#!/usr/bin/env python3
"""health_probe.py - cron-driven health probe for the reporting host.

Checks disk headroom, load average and a few HTTP health endpoints, and opens
or resolves a PagerDuty incident through the Events API v2. The routing key
comes from PD_ROUTING_KEY and is only sent to events.pagerduty.com.
"""

import argparse
import json
import logging
import os
import shutil
import socket
import sys
import urllib.error
import urllib.request

PD_EVENTS_URL = "https://events.pagerduty.com/v2/enqueue"
DEFAULT_ENDPOINTS = [
    "https://reports.internal.example.com/healthz",
    "https://reports.internal.example.com/api/v1/ping",
]
STATE_FILE = "probe-state.json"

log = logging.getLogger("health_probe")


def load_average():
    with open("/proc/loadavg", encoding="ascii") as fh:
        one, five, fifteen = fh.read().split()[:3]
    return float(one), float(five), float(fifteen)


def disk_free_pct(path):
    usage = shutil.disk_usage(path)
    return 100.0 * usage.free / usage.total


def http_ok(url, timeout):
    req = urllib.request.Request(url, method="GET", headers={"User-Agent": "health-probe/1.4"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return 200 <= resp.status < 300, f"HTTP {resp.status}"
    except urllib.error.HTTPError as exc:
        return False, f"HTTP {exc.code}"
    except (urllib.error.URLError, socket.timeout) as exc:
        return False, f"unreachable: {exc}"


def send_event(routing_key, action, summary, details, timeout=10):
    payload = {
        "routing_key": routing_key,
        "event_action": action,
        "dedup_key": f"health-probe-{socket.gethostname()}",
    }
    if action == "trigger":
        payload["payload"] = {
            "summary": summary[:1000],
            "source": socket.gethostname(),
            "severity": "error",
            "custom_details": details,
        }
    data = json.dumps(payload).encode("utf-8")
    req = urllib.request.Request(
        PD_EVENTS_URL, data=data, method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        log.info("pagerduty %s -> HTTP %s", action, resp.status)


def read_state():
    try:
        with open(STATE_FILE, encoding="utf-8") as fh:
            return json.load(fh)
    except (FileNotFoundError, json.JSONDecodeError):
        return {"open": False}


def write_state(state):
    with open(STATE_FILE, "w", encoding="utf-8") as fh:
        json.dump(state, fh)
    os.chmod(STATE_FILE, 0o600)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--endpoint", action="append", dest="endpoints")
    ap.add_argument("--min-free", type=float, default=10.0, help="min free disk %%")
    ap.add_argument("--max-load", type=float, default=float(os.cpu_count() or 1) * 2)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    problems = {}
    free = disk_free_pct("/")
    if free < args.min_free:
        problems["disk"] = f"{free:.1f}% free on /"

    one, _, _ = load_average()
    if one > args.max_load:
        problems["load"] = f"1-minute load {one:.2f} > {args.max_load:.2f}"

    for url in args.endpoints or DEFAULT_ENDPOINTS:
        ok, detail = http_ok(url, args.timeout)
        log.info("%s: %s", url, detail)
        if not ok:
            problems[url] = detail

    state = read_state()
    routing_key = os.environ.get("PD_ROUTING_KEY")
    if not routing_key and not args.dry_run:
        log.error("PD_ROUTING_KEY is not set")
        return 2

    if problems and not state.get("open"):
        summary = "; ".join(f"{k}: {v}" for k, v in problems.items())
        if args.dry_run:
            log.info("would trigger: %s", summary)
        else:
            send_event(routing_key, "trigger", summary, problems)
        state["open"] = True
    elif not problems and state.get("open"):
        if not args.dry_run:
            send_event(routing_key, "resolve", "", {})
        state["open"] = False

    write_state(state)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
