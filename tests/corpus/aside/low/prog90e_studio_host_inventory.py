#!/usr/bin/env python3
"""Collect a small hardware/software inventory of a studio machine.

The volunteer IT group keeps one JSON file per studio PC in the shared
"inventory" repo. Run this on each box and commit the result:

    studio_host_inventory.py --role air-chain [--icecast http://stream.lan:8000]

It reads the OS release and CPU info, notes the audio cards ALSA knows
about, and (optionally) records whether the Icecast status page answers
from this host. Output: ./inventory/<hostname>.json (mode 600).
"""

import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import pathlib
import platform
import shutil
import socket
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("inventory")


def os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                key, sep, value = line.strip().partition("=")
                if sep:
                    info[key] = value.strip('"')
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
    return {k: info.get(k) for k in ("NAME", "VERSION_ID", "PRETTY_NAME", "ID")}


def cpu_info(path="/proc/cpuinfo"):
    models, cores = set(), 0
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    models.add(line.split(":", 1)[1].strip())
                elif line.startswith("processor"):
                    cores += 1
    except OSError:
        pass
    return {"models": sorted(models), "logical_cores": cores or os.cpu_count()}


def alsa_cards(path="/proc/asound/cards"):
    cards = []
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if line and line[0].isdigit() and "]:" in line:
                    num, rest = line.split(" ", 1)
                    cards.append({"index": int(num), "desc": rest.split("]:", 1)[1].strip()})
    except OSError:
        pass
    return cards


def icecast_reachable(base_url, timeout=5):
    url = base_url.rstrip("/") + "/status-json.xsl"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            data = json.load(resp)
        return {"url": url, "ok": True,
                "server_id": data.get("icestats", {}).get("server_id")}
    except (urllib.error.URLError, OSError, ValueError) as exc:
        return {"url": url, "ok": False, "error": str(exc)}


def disk_summary(paths=("/", "/srv")):
    out = {}
    for p in paths:
        if os.path.isdir(p):
            u = shutil.disk_usage(p)
            out[p] = {"total_gb": round(u.total / 1e9, 1), "free_gb": round(u.free / 1e9, 1)}
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="studio host inventory")
    ap.add_argument("--role", required=True, help="air-chain, edit, phone, office ...")
    ap.add_argument("--icecast", help="Icecast base URL to test from this host")
    ap.add_argument("--outdir", default="./inventory")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    host = socket.gethostname()
    record = {
        "hostname": host,
        "role": args.role,
        "collected": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "os": os_release(),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "cpu": cpu_info(),
        "audio_cards": alsa_cards(),
        "disks": disk_summary(),
    }
    if args.icecast:
        record["icecast"] = icecast_reachable(args.icecast)

    # stable key so the inventory repo can spot renamed hosts with the same hardware
    hw = json.dumps([record["cpu"], record["audio_cards"]], sort_keys=True).encode()
    record["hw_key"] = hashlib.md5(hw).hexdigest()

    outdir = pathlib.Path(args.outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    target = outdir / f"{host}.json"
    target.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    os.chmod(target, 0o600)
    LOG.info("wrote %s", target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
