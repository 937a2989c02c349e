#!/usr/bin/env python3
"""Keg collar label printer client.

Renders nothing itself: takes the PNG labels produced by the design team,
wraps them in the JSON job format our networked label printer expects, and
submits them. A short host description goes along with each job so the
printer's job log shows which machine sent it.
"""
import argparse
import base64
import json
import logging
import platform
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("labels")

PRINTER = "http://labels.example.com:8631"


def os_pretty_name():
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.system()


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def printer_alive(base):
    req = urllib.request.Request(base + "/status", method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status < 400
    except (urllib.error.URLError, OSError):
        return False


class LabelJob:
    def __init__(self, png_path, copies, media):
        self.path = Path(png_path)
        self.copies = copies
        self.media = media

    def payload(self, host_info):
        image = base64.b64encode(self.path.read_bytes()).decode("ascii")
        return {"name": self.path.stem, "copies": self.copies,
                "media": self.media, "format": "png", "data": image,
                "origin": host_info}


def submit(base, job):
    body = json.dumps(job).encode()
    req = urllib.request.Request(base + "/jobs", data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.loads(resp.read().decode() or "{}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("labels", nargs="+", help="PNG files to print")
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--media", default="collar-90x50")
    ap.add_argument("--printer", default=PRINTER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not printer_alive(args.printer):
        log.error("printer at %s is not answering", args.printer)
        return 1
    host_info = {"host": platform.node(), "os": os_pretty_name(), "cpu": cpu_model()}
    failures = 0
    for path in args.labels:
        if not path.lower().endswith(".png"):
            log.warning("skipping %s (not a PNG)", path)
            continue
        try:
            result = submit(args.printer, LabelJob(path, args.copies, args.media).payload(host_info))
            log.info("%s queued as job %s", path, result.get("id", "?"))
        except (OSError, ValueError) as exc:
            log.error("%s failed: %s", path, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
