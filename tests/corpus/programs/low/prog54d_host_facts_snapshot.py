#!/usr/bin/env python3
"""Record static host facts (OS release, CPU model, memory) into ./facts/.

Snapshots are keyed by an MD5 of their content so an unchanged host does
not produce duplicate files. The raw os-release text is embedded base64
encoded so the JSON stays single-line friendly for the diff viewer.
"""
import argparse
import base64
import configparser
import hashlib
import json
import logging
import os
from collections import Counter
from pathlib import Path

log = logging.getLogger("facts")

SOURCES = {
    "os_release": "/etc/os-release",
    "cpuinfo": "/proc/cpuinfo",
    "meminfo": "/proc/meminfo",
}


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read()
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
        return ""


def parse_os_release(text):
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str
    cp.read_string("[os]\n" + text)
    return {k: v.strip('"') for k, v in cp["os"].items()}


def parse_cpuinfo(text):
    models = Counter()
    flags = set()
    for line in text.splitlines():
        key, _, value = line.partition(":")
        key = key.strip()
        if key == "model name":
            models[value.strip()] += 1
        elif key == "flags" and not flags:
            flags = set(value.split())
    return {"models": dict(models), "logical_cpus": sum(models.values()),
            "has_avx2": "avx2" in flags, "has_aes": "aes" in flags}


def parse_meminfo(text):
    wanted = ("MemTotal", "SwapTotal")
    out = {}
    for line in text.splitlines():
        name, _, rest = line.partition(":")
        if name in wanted:
            out[name] = int(rest.split()[0])
    return out


def build_snapshot():
    raw = {name: read_text(path) for name, path in SOURCES.items()}
    return {
        "os": parse_os_release(raw["os_release"]) if raw["os_release"] else {},
        "cpu": parse_cpuinfo(raw["cpuinfo"]),
        "mem_kib": parse_meminfo(raw["meminfo"]),
        "os_release_b64": base64.b64encode(raw["os_release"].encode()).decode(),
    }


def main():
    ap = argparse.ArgumentParser(description="snapshot host facts")
    ap.add_argument("--out", default="facts", help="directory under the working dir")
    ap.add_argument("--print", dest="echo", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    snap = build_snapshot()
    body = json.dumps(snap, sort_keys=True, indent=2)
    key = hashlib.md5(body.encode()).hexdigest()[:16]

    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"facts-{key}.json"
    if target.exists():
        log.info("unchanged since last snapshot (%s)", target.name)
    else:
        target.write_text(body + "\n", encoding="utf-8")
        os.chmod(target, 0o600)
        log.info("wrote %s", target)
    if args.echo:
        print(body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
