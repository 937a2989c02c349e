#!/usr/bin/env python3
"""Identify the board a container image is running on and record it.

Used by the multi-arch CI runners (Pi 4, Rock64, x86 NUCs). Reads the OS
release file and /proc/cpuinfo, derives a cache key for the toolchain cache,
and writes board.json into the working directory.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import platform
from pathlib import Path

log = logging.getLogger("board_probe")

KNOWN_SOCS = {
    "BCM2711": "raspberrypi4",
    "BCM2835": "raspberrypi",
    "rockchip,rk3328": "rock64",
    "sun50i-h6": "pine-h64",
}


def parse_os_release(path="/etc/os-release"):
    info = {}
    try:
        for raw in Path(path).read_text().splitlines():
            if "=" not in raw or raw.startswith("#"):
                continue
            key, _, val = raw.partition("=")
            info[key.strip()] = val.strip().strip('"')
    except FileNotFoundError:
        log.warning("%s missing; probably a scratch image", path)
    return info


def parse_cpuinfo(path="/proc/cpuinfo"):
    fields, cores = {}, 0
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if ":" not in line:
                continue
            key, val = (p.strip() for p in line.split(":", 1))
            if key == "processor":
                cores += 1
            fields.setdefault(key, val)
    fields["cores"] = cores
    return fields


def guess_board(cpu):
    hay = " ".join(str(v) for v in cpu.values())
    for marker, board in KNOWN_SOCS.items():
        if marker in hay:
            return board
    return "generic-" + platform.machine()


def cache_key(osr, cpu, board):
    material = "|".join([
        osr.get("ID", "?"), osr.get("VERSION_ID", "?"),
        platform.machine(), board, cpu.get("Features", cpu.get("flags", ""))[:200],
    ])
    # md5 is fine here: it only names a cache directory
    return hashlib.md5(material.encode()).hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-o", "--output", default="board.json")
    ap.add_argument("--print", action="store_true", dest="show")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    osr = parse_os_release()
    cpu = parse_cpuinfo()
    board = guess_board(cpu)
    serial = cpu.get("Serial", "")
    record = {
        "board": board,
        "os": osr.get("PRETTY_NAME", "unknown"),
        "arch": platform.machine(),
        "cores": cpu["cores"],
        "cache_key": cache_key(osr, cpu, board),
        # serial is shown in the CI UI as an opaque tag, not used for anything else
        "serial_tag": base64.urlsafe_b64encode(serial.encode()).decode() if serial else None,
        "python": platform.python_version(),
    }
    out = Path(os.getcwd()) / args.output
    out.write_text(json.dumps(record, indent=2) + "\n")
    log.info("board=%s cache_key=%s -> %s", board, record["cache_key"], out.name)
    if args.show:
        print(json.dumps(record, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
