#!/usr/bin/env python3
"""Keep toll-lane RFID readers and the lane PC on the same clock.

Transactions are rejected by the clearing house when the lane PC and the
reader timestamps drift more than 500 ms apart.  This tool checks the
chrony tracking offset, writes a lane-specific chrony source file pointing
at the plaza's GPS time server and restarts chronyd when the config
changed, then re-checks the offset.
"""
import argparse
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("lane-timesync")

CHRONY_DROPIN = "/etc/chrony/conf.d/toll-plaza.conf"
MAX_OFFSET_S = 0.5


def elevate(argv):
    """Run a command with admin rights through polkit on the lane desktop."""
    tool = shutil.which("pkexec")
    if os.geteuid() == 0:
        cmd = list(argv)
    elif tool:
        cmd = [tool] + list(argv)
    else:
        raise RuntimeError("pkexec not available; run this tool as an administrator")
    LOG.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def tracking_offset():
    """Return the current system time offset in seconds from chronyc."""
    try:
        out = subprocess.run(["chronyc", "tracking"], capture_output=True,
                             text=True, timeout=10).stdout
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.warning("chronyc unavailable: %s", exc)
        return None
    m = re.search(r"System time\s*:\s*([\d.]+) seconds (fast|slow)", out)
    if not m:
        return None
    value = float(m.group(1))
    return value if m.group(2) == "fast" else -value


def render_dropin(servers, poll):
    lines = ["# toll plaza time sources, managed by toll_reader_timesync.py"]
    for i, host in enumerate(servers):
        opts = "iburst prefer" if i == 0 else "iburst"
        lines.append(f"server {host} {opts} minpoll {poll} maxpoll {poll + 2}")
    lines.append("makestep 0.1 3")
    return "\n".join(lines) + "\n"


def current_dropin():
    try:
        with open(CHRONY_DROPIN) as fh:
            return fh.read()
    except OSError:
        return ""


def install_dropin(content):
    with tempfile.NamedTemporaryFile("w", dir=".", prefix=".chrony-", delete=False) as tmp:
        tmp.write(content)
        staged = tmp.name
    try:
        elevate(["install", "-D", "-m", "0644", staged, CHRONY_DROPIN])
    finally:
        os.unlink(staged)
    LOG.info("wrote %s", CHRONY_DROPIN)


def restart_chrony():
    for unit in ("chrony.service", "chronyd.service"):
        try:
            elevate(["systemctl", "restart", unit])
            LOG.info("restarted %s", unit)
            return True
        except subprocess.CalledProcessError:
            continue
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("servers", nargs="*", default=["10.44.0.2", "10.44.0.3"],
                    help="plaza time servers, first one preferred")
    ap.add_argument("--poll", type=int, default=4)
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    before = tracking_offset()
    LOG.info("offset before: %s", "unknown" if before is None else f"{before:+.4f}s")
    if args.check_only:
        return 0 if before is not None and abs(before) <= MAX_OFFSET_S else 1

    wanted = render_dropin(args.servers, args.poll)
    try:
        if wanted != current_dropin():
            install_dropin(wanted)
            if not restart_chrony():
                LOG.error("could not restart chrony")
                return 1
            time.sleep(10)
        else:
            LOG.info("chrony drop-in already current")
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        LOG.error("update failed: %s", exc)
        return 1

    after = tracking_offset()
    LOG.info("offset after: %s", "unknown" if after is None else f"{after:+.4f}s")
    if after is None or abs(after) > MAX_OFFSET_S:
        LOG.warning("lane clock still outside %.1fs tolerance", MAX_OFFSET_S)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
