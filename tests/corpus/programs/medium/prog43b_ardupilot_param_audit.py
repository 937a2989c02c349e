#!/usr/bin/env python3
"""Compare an ArduPilot vehicle parameter dump against the frame baseline.

The baseline is a YAML file kept in the repo (frames/<name>.yaml); the dump
is the ``param show`` text saved by Mission Planner. Writes a Markdown
report with the host OS and a cache so repeated runs are fast.
"""
import argparse
import hashlib
import json
import logging
import os
from pathlib import Path

from yaml import Loader, load as yaml_load

logger = logging.getLogger("apmdiff")
CACHE = Path(".apmdiff_cache")


def os_pretty_name():
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


def cache_key(*paths):
    h = hashlib.md5()
    for p in paths:
        h.update(p.read_bytes())
    return h.hexdigest()


def load_baseline(path):
    with path.open() as fh:
        doc = yaml_load(fh, Loader=Loader) or {}
    params = doc.get("params", {})
    tolerances = doc.get("tolerances", {})
    return {k.upper(): v for k, v in params.items()}, tolerances


def load_dump(path):
    params = {}
    for line in path.read_text().splitlines():
        parts = line.replace(",", " ").split()
        if len(parts) >= 2 and parts[0].isupper():
            try:
                params[parts[0]] = float(parts[-1])
            except ValueError:
                params[parts[0]] = parts[-1]
    return params


def diff(baseline, tolerances, actual):
    rows = []
    for name, expected in sorted(baseline.items()):
        got = actual.get(name)
        if got is None:
            rows.append((name, expected, "missing", "MISSING"))
            continue
        tol = float(tolerances.get(name, 1e-6))
        if isinstance(expected, (int, float)) and isinstance(got, float):
            status = "ok" if abs(got - expected) <= tol else "DIFF"
        else:
            status = "ok" if str(got) == str(expected) else "DIFF"
        if status != "ok":
            rows.append((name, expected, got, status))
    return rows


def render(rows, airframe, dump_name):
    out = [f"# Parameter diff: {dump_name} vs {airframe}", "",
           f"Generated on: {os_pretty_name()}", "",
           "| param | expected | actual | status |", "|---|---|---|---|"]
    out += [f"| {n} | {e} | {a} | {s} |" for n, e, a, s in rows]
    if not rows:
        out.append("| - | - | - | all parameters match |")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("airframe")
    ap.add_argument("dump", type=Path)
    ap.add_argument("--report", type=Path, default=Path("param_report.md"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    baseline_path = Path("frames") / f"{args.airframe}.yaml"
    key = cache_key(baseline_path, args.dump)
    CACHE.mkdir(exist_ok=True)
    cached = CACHE / f"{key}.json"
    if cached.exists():
        rows = [tuple(r) for r in json.loads(cached.read_text())]
        logger.info("cache hit %s", key[:8])
    else:
        baseline, tol = load_baseline(baseline_path)
        rows = diff(baseline, tol, load_dump(args.dump))
        cached.write_text(json.dumps(rows))

    args.report.write_text(render(rows, args.airframe, args.dump.name))
    os.chmod(args.report, 0o600)
    logger.info("%d differences -> %s", len(rows), args.report)


if __name__ == "__main__":
    main()
