#!/usr/bin/env python3
"""Serial bridge for the CNC router that carves lute roses.

Started by root from the workshop boot script: it prepares the serial
device for the carving operator's account, configures the line with stty,
then switches to that account and relays G-code files line by line.
"""
import argparse
import grp
import logging
import os
import pwd
import subprocess
import sys
import time

LOG = logging.getLogger("cnc-bridge")

STTY_CMD = 'stty -F "$CNC_DEV" "$CNC_BAUD" cs8 -cstopb -parenb raw -echo'


def prepare_device(device, user, group):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.chown(device, pw.pw_uid, gid)
    os.chmod(device, 0o660)
    LOG.info("device %s handed to %s:%s", device, user, group)
    return pw, gid


def configure_line(device, baud):
    env = dict(os.environ, CNC_DEV=device, CNC_BAUD=str(baud))
    result = subprocess.run(["sh", "-c", STTY_CMD], env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or "stty failed")


def switch_user(pw, gid):
    os.setgroups([gid])
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.environ["USER"] = pw.pw_name
    LOG.info("now running as uid %d", os.getuid())


class Relay:
    def __init__(self, device, delay):
        self.device = device
        self.delay = delay

    def send_file(self, path):
        sent = 0
        with open(self.device, "r+b", buffering=0) as port, open(path) as src:
            for raw in src:
                line = raw.split(";", 1)[0].strip()
                if not line:
                    continue
                port.write(line.encode() + b"\n")
                reply = port.readline().strip()
                if reply.startswith(b"error"):
                    raise RuntimeError(f"controller rejected '{line}': {reply!r}")
                sent += 1
                time.sleep(self.delay)
        return sent


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("gcode", nargs="+")
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--user", default="carver")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--delay", type=float, default=0.01)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        LOG.error("start this bridge as root; it switches user itself")
        return 1
    try:
        pw, gid = prepare_device(args.device, args.user, args.group)
        configure_line(args.device, args.baud)
        switch_user(pw, gid)
    except (KeyError, OSError, RuntimeError) as exc:
        LOG.error("setup failed: %s", exc)
        return 1

    relay = Relay(args.device, args.delay)
    for path in args.gcode:
        try:
            count = relay.send_file(path)
            LOG.info("%s: %d lines sent", path, count)
        except (OSError, RuntimeError) as exc:
            LOG.error("%s: %s", path, exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
