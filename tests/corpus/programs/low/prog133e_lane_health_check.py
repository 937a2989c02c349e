#!/usr/bin/env python3
"""Lane PC health check.

Checks that each lane's scoring controller answers, notes what hardware
and OS the lane PC is running, and writes a small report in the current
directory. The report is also stored base64-encoded in a JSON envelope
because the maintenance spreadsheet import expects that format.
"""

import argparse
import base64
import json
import logging
import os
import platform
import tempfile
import time
import urllib.error
import urllib.request

log = logging.getLogger("health")

DEFAULT_LANES = {n: f"http://203.0.113.{40 + n}/status" for n in range(1, 9)}


def probe(url, timeout):
    """HEAD the controller status page and time it."""
    req = urllib.request.Request(url, method="HEAD")
    start = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            code = resp.status
    except urllib.error.HTTPError as exc:
        code = exc.code
    except (urllib.error.URLError, OSError) as exc:
        return {"ok": False, "error": str(exc)}
    return {"ok": 200 <= code < 400, "status": code,
            "ms": round((time.monotonic() - start) * 1000)}


def os_release():
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                key, _, val = line.strip().partition("=")
                if key:
                    info[key] = val.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def write_atomically(path, text):
    # write to a temp file in the same directory, then rename over
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".health-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    parser = argparse.ArgumentParser(description="Lane PC health check")
    parser.add_argument("--timeout", type=float, default=3.0)
    parser.add_argument("--out", default="health_report.json")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    results = {}
    for lane, url in DEFAULT_LANES.items():
        results[lane] = probe(url, args.timeout)
        state = "ok" if results[lane]["ok"] else "DOWN"
        log.info("lane %d: %s", lane, state)

    report = {
        "host": platform.node(),
        "os": os_release(),
        "cpu": cpu_model(),
        "checked": time.strftime("%Y-%m-%d %H:%M:%S"),
        "lanes": results,
    }
    body = json.dumps(report, indent=2)
    envelope = {"format": "b64json",
                "data": base64.b64encode(body.encode()).decode()}
    write_atomically(args.out, json.dumps(envelope))
    down = sum(1 for r in results.values() if not r["ok"])
    log.info("report written to %s (%d lanes down)", args.out, down)
    return 1 if down else 0


if __name__ == "__main__":
    raise SystemExit(main())
