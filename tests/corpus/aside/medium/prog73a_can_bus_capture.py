#!/usr/bin/env python3
"""Record a capture from an already configured SocketCAN interface.

Used by the vehicle-integration team with PEAK / CANable USB adapters.
The interface is expected to be brought up by the bench image at boot
(systemd-networkd .network file); this tool checks the link is up, reads
its bitrate and records raw frames with candump into ./captures until the
requested duration elapses.
"""
import argparse
import datetime
import json
import logging
import os
import shlex
import shutil
import subprocess
import sys
import time

LOG = logging.getLogger("can-capture")

CAPTURE_DIR = "captures"


class Runner:
    """Thin wrapper so every external call is logged the same way."""

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def run(self, argv, check=True):
        LOG.debug("exec: %s", shlex.join(argv))
        if self.dry_run:
            return subprocess.CompletedProcess(argv, 0, "[]", "")
        return subprocess.run(list(argv), check=check, capture_output=True, text=True)


def link_details(runner, iface):
    """Return (operstate, bitrate) as reported by iproute2."""
    res = runner.run(["ip", "-details", "-json", "link", "show", iface], check=False)
    if res.returncode != 0:
        return "missing", None
    try:
        info = json.loads(res.stdout)[0]
    except (ValueError, IndexError):
        return "unknown", None
    bitrate = (info.get("linkinfo", {}).get("info_data", {})
               .get("bittiming", {}).get("bitrate"))
    return info.get("operstate", "unknown").lower(), bitrate


def link_state(iface):
    try:
        with open(f"/sys/class/net/{iface}/operstate") as fh:
            return fh.read().strip()
    except OSError:
        return "missing"


def capture(iface, seconds, out_dir=CAPTURE_DIR):
    if not shutil.which("candump"):
        raise RuntimeError("candump not found; install can-utils")
    os.makedirs(out_dir, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    out_path = os.path.join(out_dir, f"{iface}-{stamp}.log")
    with open(out_path, "w") as fh:
        proc = subprocess.Popen(["candump", "-L", iface], stdout=fh, stderr=subprocess.PIPE)
        try:
            time.sleep(seconds)
        finally:
            proc.terminate()
            proc.wait(timeout=5)
    lines = sum(1 for _ in open(out_path))
    LOG.info("captured %d frames to %s", lines, out_path)
    return out_path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-i", "--iface", default="can0")
    ap.add_argument("-b", "--expect-bitrate", type=int, default=500000)
    ap.add_argument("-t", "--seconds", type=int, default=60)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    runner = Runner(dry_run=args.dry_run)
    state, bitrate = link_details(runner, args.iface)
    if state == "missing":
        state = link_state(args.iface)
    if state not in ("up", "unknown"):
        LOG.error("%s is %s; ask the bench owner to bring it up", args.iface, state)
        return 1
    if bitrate and bitrate != args.expect_bitrate:
        LOG.warning("%s runs at %s bit/s, expected %d", args.iface, bitrate, args.expect_bitrate)
    if args.dry_run:
        return 0
    try:
        capture(args.iface, args.seconds)
    except (RuntimeError, OSError) as exc:
        LOG.error("capture failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
