#!/usr/bin/env python3
"""Daily greenhouse sensor snapshot report.

Fetches the latest readings from each greenhouse vent/sensor node's HTTP
endpoint, caches them briefly, and writes a self-contained HTML report
(images inlined as base64) that can be mailed around or opened offline.
The report footer notes which machine produced it.
"""
import argparse
import base64
import hashlib
import html
import json
import logging
import os
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("snapshot")

NODES = {
    "house-1-vents": "http://sensors.example.com/node/h1/latest",
    "house-2-vents": "http://sensors.example.com/node/h2/latest",
    "propagation": "http://sensors.example.com/node/prop/latest",
}
CACHE = Path(".snapshot_cache")
CACHE_SECONDS = 120


def cache_key(url):
    # cache file name only, not a security boundary
    return hashlib.md5(url.encode()).hexdigest()


def fetch_json(url):
    CACHE.mkdir(exist_ok=True)
    cached = CACHE / (cache_key(url) + ".json")
    if cached.exists() and time.time() - cached.stat().st_mtime < CACHE_SECONDS:
        return json.loads(cached.read_text())
    with urllib.request.urlopen(url, timeout=10) as resp:
        data = json.load(resp)
    cached.write_text(json.dumps(data))
    return data


def host_summary():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                info["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        info["os"] = "unknown"
    try:
        cpu = Path("/proc/cpuinfo").read_text()
        models = [l.split(":", 1)[1].strip() for l in cpu.splitlines()
                  if l.startswith("model name")]
        info["cpu"] = f"{len(models)} x {models[0]}" if models else "unknown"
    except OSError:
        info["cpu"] = "unknown"
    return info


def inline_image(path):
    try:
        data = Path(path).read_bytes()
    except OSError:
        return ""
    b64 = base64.b64encode(data).decode("ascii")
    return f'<img alt="logo" src="data:image/png;base64,{b64}">'


def render(readings, logo, host):
    rows = []
    for node, r in readings.items():
        rows.append("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in (
            node, r.get("temp", "-"), r.get("rh", "-"), r.get("vent_pct", "-"))) + "</tr>")
    return f"""<!doctype html><html><head><meta charset="utf-8">
<title>Greenhouse snapshot</title></head><body>
{logo}<h1>Greenhouse snapshot {time.strftime('%Y-%m-%d %H:%M')}</h1>
<table border="1"><tr><th>Node</th><th>Temp</th><th>RH</th><th>Vent %</th></tr>
{''.join(rows)}</table>
<p><small>Generated on {html.escape(host['os'])}, {html.escape(host['cpu'])}</small></p>
</body></html>"""


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-o", "--out", default="snapshot.html")
    ap.add_argument("--logo", default="assets/logo.png")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    readings = {}
    for node, url in NODES.items():
        try:
            readings[node] = fetch_json(url)
        except (OSError, ValueError) as exc:
            log.warning("%s unavailable: %s", node, exc)
            readings[node] = {}
    page = render(readings, inline_image(args.logo), host_summary())
    Path(args.out).write_text(page, encoding="utf-8")
    log.info("report written to %s (%d nodes)", os.path.abspath(args.out), len(readings))


if __name__ == "__main__":
    main()
