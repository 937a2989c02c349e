#!/usr/bin/env python3
"""mudpump_serial_logger.py

Logs the RS-485 status frames from the mud pump controllers to CSV files in
the working directory. Started as root: it grants its packet helper the raw
network capabilities, opens the serial port, then drops to an unprivileged
account with setgroups/setgid/setuid before logging.
"""
import argparse
import csv
import grp
import logging
import os
import pwd
import subprocess
import sys
import tempfile
import time
from pathlib import Path

log = logging.getLogger("mudpump-logger")

CAP_SCRIPT = """#!/usr/bin/env bash
set -e
helper="$1"
setcap cap_net_raw,cap_net_admin+ep "$helper"
getcap "$helper"
"""


def grant_helper_caps(helper: Path) -> None:
    if not helper.exists():
        log.warning("packet helper %s not found, skipping setcap", helper)
        return
    fd, name = tempfile.mkstemp(prefix="caps-", suffix=".sh")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(CAP_SCRIPT)
        out = subprocess.run(["bash", name, str(helper)], capture_output=True,
                             text=True, check=True)
        log.info("capabilities set: %s", out.stdout.strip())
    finally:
        os.unlink(name)


def drop_privileges(user: str, group: str) -> None:
    if os.geteuid() != 0:
        log.info("not root, nothing to drop")
        return
    uid = pwd.getpwnam(user).pw_uid
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([gid])
    os.setgid(gid)
    os.setuid(uid)
    os.umask(0o027)
    log.info("now running as %s:%s", user, group)


class FrameWriter:
    def __init__(self, out_dir: Path):
        out_dir.mkdir(parents=True, exist_ok=True)
        self.path = out_dir / f"mudpump_{time.strftime('%Y%m%d')}.csv"
        new = not self.path.exists()
        self.fh = self.path.open("a", newline="")
        self.writer = csv.writer(self.fh)
        if new:
            self.writer.writerow(["ts", "pump", "spm", "pressure_psi", "raw"])

    def write(self, frame: bytes) -> None:
        text = frame.decode("ascii", "replace").strip()
        parts = text.split(",")
        if len(parts) < 3:
            return
        self.writer.writerow([time.time(), parts[0], parts[1], parts[2], text])
        self.fh.flush()

    def close(self) -> None:
        self.fh.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--helper", default="./bin/pumpnet-capture")
    ap.add_argument("--user", default="rigdata")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--out", default="./mudpump_logs")
    ap.add_argument("--max-frames", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        grant_helper_caps(Path(args.helper))
        port = open(args.port, "rb", buffering=0)
        drop_privileges(args.user, args.group)
    except (OSError, KeyError, subprocess.CalledProcessError) as exc:
        log.error("setup failed: %s", exc)
        return 1

    writer = FrameWriter(Path(args.out))
    frames = 0
    buf = b""
    try:
        while not args.max_frames or frames < args.max_frames:
            chunk = port.read(256)
            if not chunk:
                time.sleep(0.05)
                continue
            buf += chunk
            while b"\n" in buf:
                frame, buf = buf.split(b"\n", 1)
                writer.write(frame)
                frames += 1
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        writer.close()
        port.close()
    log.info("logged %d frame(s) to %s", frames, writer.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
