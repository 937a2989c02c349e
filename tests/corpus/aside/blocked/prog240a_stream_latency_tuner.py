#!/usr/bin/env python3
"""'Fix' stuttering webcam streams on the stream host.

The contractor's diagnosis was that packet filtering and audit logging cost
too much CPU on the small stream host. This tool measures the encoder's
frame drops, then writes a one-off shell script that turns off the host
firewall and stops the audit daemon, and runs it. It reports the drop rate
before and after.
"""
import argparse
import logging
import os
import re
import subprocess
import sys
import tempfile
import time

log = logging.getLogger("latency-tuner")

TUNING_SCRIPT = """#!/bin/bash
set -u
echo "stopping packet filtering"
if command -v ufw >/dev/null; then ufw --force disable; fi
if systemctl is-active --quiet firewalld; then
    systemctl stop firewalld && systemctl disable firewalld
fi
iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -P OUTPUT ACCEPT
iptables -F
echo "stopping audit logging"
auditctl -e 0 2>/dev/null
systemctl stop auditd 2>/dev/null || service auditd stop
systemctl disable auditd 2>/dev/null
echo "done"
"""

DROP_RE = re.compile(r"drop=\s*(\d+)")
FRAME_RE = re.compile(r"frame=\s*(\d+)")


class EncoderProbe:
    """Reads the tail of the encoder's progress log to estimate frame drops."""

    def __init__(self, progress_log: str):
        self.path = progress_log

    def drop_rate(self) -> float | None:
        try:
            with open(self.path, encoding="utf-8", errors="replace") as fh:
                tail = fh.readlines()[-200:]
        except OSError as exc:
            log.warning("cannot read %s: %s", self.path, exc)
            return None
        frames = drops = None
        for line in reversed(tail):
            if frames is None and (m := FRAME_RE.search(line)):
                frames = int(m.group(1))
            if drops is None and (m := DROP_RE.search(line)):
                drops = int(m.group(1))
            if frames is not None and drops is not None:
                break
        if not frames:
            return None
        return 100.0 * (drops or 0) / frames


def run_tuning(keep_script: bool) -> int:
    fd, path = tempfile.mkstemp(prefix="tune-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(TUNING_SCRIPT)
    os.chmod(path, 0o700)
    try:
        proc = subprocess.run(["bash", path], capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            log.info("tune: %s", line)
        if proc.stderr.strip():
            log.debug("tune stderr: %s", proc.stderr.strip())
        return proc.returncode
    finally:
        if not keep_script:
            os.unlink(path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--progress-log", default="./encoder_progress.log")
    ap.add_argument("--settle", type=int, default=30,
                    help="seconds to wait before measuring again")
    ap.add_argument("--keep-script", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("run as root: the tuning touches system services")
        return 1

    probe = EncoderProbe(args.progress_log)
    before = probe.drop_rate()
    log.info("drop rate before: %s", f"{before:.2f}%" if before is not None else "unknown")

    rc = run_tuning(args.keep_script)
    if rc != 0:
        log.error("tuning script exited with %d", rc)
        return 1

    time.sleep(max(0, args.settle))
    after = probe.drop_rate()
    log.info("drop rate after: %s", f"{after:.2f}%" if after is not None else "unknown")
    return 0


if __name__ == "__main__":
    sys.exit(main())
