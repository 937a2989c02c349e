#!/usr/bin/env python3
"""Textfile-collector exporter: probes a few HTTP endpoints and writes
node_exporter-compatible metrics into ./metrics/probes.prom."""
import argparse
import hashlib
import json
import logging
import os
import shutil
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("probe_exporter")

DEFAULT_TARGETS = [
    "https://example.com/",
    "https://www.python.org/",
]


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    key, _, value = line.strip().partition("=")
                    info[key] = value.strip('"')
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return info


def cpu_count_from_proc():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            return sum(1 for line in fh if line.startswith("processor"))
    except OSError:
        return os.cpu_count() or 1


def probe(url, timeout):
    req = urllib.request.Request(url, method="HEAD", headers={"User-Agent": "probe-exporter/0.3"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            code = resp.status
    except urllib.error.HTTPError as err:
        code = err.code
    except (urllib.error.URLError, OSError) as err:
        log.info("probe %s failed: %s", url, err)
        code = 0
    return code, time.monotonic() - started


def series_id(url):
    # short, stable label value used as cache key for the last result file
    return hashlib.md5(url.encode("utf-8")).hexdigest()[:10]


def render(results, osinfo, cpus):
    lines = [
        "# HELP probe_http_status Last HTTP status code (0 = unreachable).",
        "# TYPE probe_http_status gauge",
    ]
    for url, (code, _) in results.items():
        lines.append(f'probe_http_status{{url="{url}",id="{series_id(url)}"}} {code}')
    lines += ["# HELP probe_duration_seconds Probe round trip.", "# TYPE probe_duration_seconds gauge"]
    for url, (_, dur) in results.items():
        lines.append(f'probe_duration_seconds{{url="{url}"}} {dur:.4f}')
    usage = shutil.disk_usage(".")
    lines.append(f"node_workdir_free_bytes {usage.free}")
    lines.append(f'node_os_info{{id="{osinfo.get("ID", "unknown")}",version="{osinfo.get("VERSION_ID", "")}"}} 1')
    lines.append(f"node_cpu_count {cpus}")
    return "\n".join(lines) + "\n"


def write_atomic(target: Path, text: str):
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".prom.partial")
    tmp.write_text(text, encoding="utf-8")
    os.chmod(tmp, 0o600)
    tmp.replace(target)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--targets", help="JSON file with a list of URLs")
    ap.add_argument("--out", default="metrics/probes.prom")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    targets = DEFAULT_TARGETS
    if args.targets:
        with open(args.targets, encoding="utf-8") as fh:
            targets = json.load(fh)

    results = {url: probe(url, args.timeout) for url in targets}
    text = render(results, read_os_release(), cpu_count_from_proc())
    write_atomic(Path(args.out), text)
    log.info("wrote %d series to %s", len(results), args.out)


if __name__ == "__main__":
    main()
