#!/usr/bin/env python3
"""Embroidery design inspector.

Reads .dst (Tajima) and .pes (Brother) design files and reports stitch
count, size and colour changes, so the operator can check a design fits the
hoop before sending it to the machine. With --report it also notes the PC's
OS and CPU and whether the vendor's release-notes page is reachable, for
support tickets.
"""
import argparse
import json
import logging
import platform
import struct
from pathlib import Path

import requests

log = logging.getLogger("inspector")

HOOPS_MM = {"small": (100, 100), "medium": (180, 130), "large": (300, 200)}
RELEASE_NOTES = "https://support.example.com/embroidery/release-notes"


def read_dst(path):
    data = path.read_bytes()
    header = data[:512].decode("latin-1", "replace")
    fields = {}
    for part in header.split("\r"):
        if ":" in part:
            key, _, val = part.partition(":")
            fields[key.strip()] = val.strip()
    def num(k):
        try:
            return int(fields.get(k, "0").strip())
        except ValueError:
            return 0
    width = (num("+X") + num("-X")) / 10.0
    height = (num("+Y") + num("-Y")) / 10.0
    return {"name": fields.get("LA", path.stem), "stitches": num("ST"),
            "colours": num("CO") + 1, "width_mm": width, "height_mm": height}


def read_pes(path):
    data = path.read_bytes()
    if not data.startswith(b"#PES"):
        raise ValueError("not a PES file")
    version = data[4:8].decode("ascii", "replace")
    pec_offset = struct.unpack_from("<I", data, 8)[0]
    colours = data[pec_offset + 48] + 1 if pec_offset + 48 < len(data) else 0
    return {"name": path.stem, "version": version, "colours": colours,
            "stitches": None, "width_mm": None, "height_mm": None}


READERS = {".dst": read_dst, ".pes": read_pes}


def fits(info, hoop):
    w, h = HOOPS_MM[hoop]
    if info.get("width_mm") is None:
        return None
    return info["width_mm"] <= w and info["height_mm"] <= h


def system_report():
    report = {"python": platform.python_version(), "os": "unknown", "cpu": "unknown"}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                report["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                report["cpu"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        report["release_notes_ok"] = requests.head(RELEASE_NOTES, timeout=5).ok
    except requests.RequestException:
        report["release_notes_ok"] = False
    return report


def main():
    ap = argparse.ArgumentParser(description="Inspect embroidery design files")
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--hoop", choices=HOOPS_MM, default="medium")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    results = []
    for f in args.files:
        reader = READERS.get(f.suffix.lower())
        if reader is None:
            log.warning("%s: unsupported format", f.name)
            continue
        try:
            info = reader(f)
        except (OSError, ValueError, struct.error) as exc:
            log.error("%s: %s", f.name, exc)
            continue
        info["fits_" + args.hoop] = fits(info, args.hoop)
        results.append(info)
    out = {"designs": results}
    if args.report:
        out["system"] = system_report()
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for r in results:
            print(f"{r['name']}: {r['stitches']} stitches, {r['colours']} colours, "
                  f"fits {args.hoop} hoop: {r['fits_' + args.hoop]}")


if __name__ == "__main__":
    main()
