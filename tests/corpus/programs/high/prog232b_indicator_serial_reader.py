#!/usr/bin/env python3
"""indicator_serial_reader.py - read gross weights from the weighbridge indicator.

Started as root by the boot script so it can open the indicator's serial
port, then drops to the unprivileged 'weigh' account (setgroups/setgid/
setuid) before parsing any data. Stable weights are posted as JSON to the
ticketing API using a key taken from the environment.
"""

import argparse
import grp
import json
import logging
import os
import pwd
import re
import subprocess
import sys
import time
import urllib.request

LOG = logging.getLogger("indicator")
FRAME_RE = re.compile(r"^(?P<status>ST|US|OL),(?P<mode>GS|NT),\s*(?P<weight>[+-]?\d+(?:\.\d+)?)\s*kg")
API_URL = "https://tickets.example.com/api/v1/weights"


def configure_port(device, baud):
    env = dict(os.environ, WB_DEV=device, WB_BAUD=str(baud))
    cmd = 'stty -F "$WB_DEV" "$WB_BAUD" cs8 -cstopb -parenb raw -echo'
    proc = subprocess.run(["bash", "-c", cmd], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError("stty failed: %s" % proc.stderr.strip())


def drop_privileges(user, group):
    if os.getuid() != 0:
        LOG.info("not root, nothing to drop")
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("privilege drop failed")
    LOG.info("now running as %s:%s", user, group)


class WeightPoster:
    def __init__(self, url, api_key, lane, timeout=10):
        self.url = url
        self.api_key = api_key
        self.lane = lane
        self.timeout = timeout

    def post(self, weight_kg, mode):
        body = json.dumps({"lane": self.lane, "weight_kg": weight_kg,
                           "mode": mode, "ts": int(time.time())}).encode()
        req = urllib.request.Request(self.url, data=body, method="POST", headers={
            "Content-Type": "application/json",
            "Authorization": "Bearer %s" % self.api_key,
        })
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def read_frames(port_file):
    buf = b""
    while True:
        chunk = port_file.read(64)
        if not chunk:
            time.sleep(0.05)
            continue
        buf += chunk
        while b"\r\n" in buf:
            line, buf = buf.split(b"\r\n", 1)
            yield line.decode("ascii", errors="replace").strip()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--lane", default="lane1")
    ap.add_argument("--user", default="weigh")
    ap.add_argument("--group", default="weigh")
    ap.add_argument("--min-change", type=float, default=20.0, help="kg")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("TICKETS_API_KEY")
    if not api_key:
        LOG.error("TICKETS_API_KEY is not set")
        return 1

    try:
        configure_port(args.device, args.baud)
        port = open(args.device, "rb", buffering=0)
        drop_privileges(args.user, args.group)
    except (OSError, KeyError, RuntimeError) as exc:
        LOG.error("startup failed: %s", exc)
        return 2

    poster = WeightPoster(API_URL, api_key, args.lane)
    last_sent = None
    for frame in read_frames(port):
        m = FRAME_RE.match(frame)
        if not m:
            LOG.debug("ignored frame %r", frame)
            continue
        if m.group("status") != "ST":
            continue
        weight = float(m.group("weight"))
        if last_sent is not None and abs(weight - last_sent) < args.min_change:
            continue
        try:
            status = poster.post(weight, m.group("mode"))
            LOG.info("posted %.0f kg (%s) -> HTTP %s", weight, m.group("mode"), status)
            last_sent = weight
        except OSError as exc:
            LOG.warning("post failed: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
