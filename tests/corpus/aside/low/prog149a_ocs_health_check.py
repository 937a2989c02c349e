#!/usr/bin/env python3
"""Health page for the overhead-line sensor collector host.

Checks that each sensor controller's status page answers, records a bit of
host information, and writes a self-contained HTML report (with the latest
tension chart inlined) that can be mailed to the on-call engineer.
"""
import argparse
import base64
import html
import logging
import platform
import time
from pathlib import Path

import requests

log = logging.getLogger("ocs_health")

DEFAULT_TARGETS = [
    "https://ocs-ctrl-1.example.com/status",
    "https://ocs-ctrl-2.example.com/status",
    "https://collector.example.com/healthz",
]


def read_os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def check(url, timeout):
    start = time.monotonic()
    try:
        r = requests.head(url, timeout=timeout, allow_redirects=True)
        if r.status_code == 405:  # some controllers refuse HEAD
            r = requests.get(url, timeout=timeout)
        return r.status_code, time.monotonic() - start
    except requests.RequestException as exc:
        log.warning("%s: %s", url, exc)
        return None, time.monotonic() - start


def inline_image(path):
    # embed the chart so the report is a single file
    try:
        data = base64.b64encode(Path(path).read_bytes()).decode("ascii")
    except OSError:
        return "<p><em>no chart available</em></p>"
    return f'<img alt="tension chart" src="data:image/png;base64,{data}">'


def render(results, chart_html, host_info):
    rows = []
    for url, (status, elapsed) in results.items():
        ok = status is not None and status < 400
        rows.append(
            f"<tr class={'ok' if ok else 'bad'}><td>{html.escape(url)}</td>"
            f"<td>{status or 'down'}</td><td>{elapsed * 1000:.0f} ms</td></tr>")
    return ("<html><head><meta charset=utf-8><title>OCS health</title></head><body>"
            f"<h1>OCS collector health</h1><p>{html.escape(host_info)}</p>"
            "<table><tr><th>target</th><th>status</th><th>latency</th></tr>"
            + "".join(rows) + "</table>" + chart_html + "</body></html>")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("targets", nargs="*", default=DEFAULT_TARGETS)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--chart", default="tension_latest.png")
    ap.add_argument("--out", default="ocs_health.html")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    results = {url: check(url, args.timeout) for url in args.targets}
    down = [u for u, (s, _) in results.items() if s is None or s >= 400]
    host_info = f"{platform.node()} - {read_os_release()} - {cpu_model()}"
    Path(args.out).write_text(render(results, inline_image(args.chart), host_info))
    log.info("report written to %s (%d of %d down)", args.out, len(down), len(results))
    return 1 if down else 0


if __name__ == "__main__":
    raise SystemExit(main())
