#!/usr/bin/env python3
"""Depot tachograph download daemon.

Runs on the yard gate PC with a digital tachograph download key attached
over USB serial.  When a truck's download key is docked it pulls the .DDD
vehicle unit file, stores it under ./ddd and uploads it to the fleet
compliance service.  The daemon is started by the gate PC's init as root so
it can claim the serial adapter, then runs as the fleet service account.
"""
import argparse
import grp
import logging
import os
import pwd
import sys
import termios
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("tacho-dl")

CMD_IDENT = b"\x80\xee\xf0\x02\x81\x00"
CMD_DOWNLOAD = b"\x80\xee\xf0\x02\x36\x01"
ACK = b"\x06"


class DownloadKey:
    def __init__(self, device, baud=termios.B115200):
        self.device = device
        self.baud = baud
        self.fd = None

    def open(self):
        self.fd = os.open(self.device, os.O_RDWR | os.O_NOCTTY)
        attrs = termios.tcgetattr(self.fd)
        attrs[0] = 0
        attrs[1] = 0
        attrs[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
        attrs[3] = 0
        attrs[4] = self.baud
        attrs[5] = self.baud
        attrs[6][termios.VMIN] = 0
        attrs[6][termios.VTIME] = 20
        termios.tcsetattr(self.fd, termios.TCSANOW, attrs)
        termios.tcflush(self.fd, termios.TCIOFLUSH)
        LOG.info("opened %s", self.device)

    def _read_until_idle(self, idle_reads=3):
        out = bytearray()
        idle = 0
        while idle < idle_reads:
            chunk = os.read(self.fd, 4096)
            if chunk:
                out += chunk
                idle = 0
            else:
                idle += 1
        return bytes(out)

    def identify(self):
        os.write(self.fd, CMD_IDENT)
        reply = self._read_until_idle(1)
        if not reply.startswith(ACK):
            return None
        return reply[1:].split(b"\x00", 1)[0].decode("ascii", "replace")

    def download(self):
        os.write(self.fd, CMD_DOWNLOAD)
        data = self._read_until_idle()
        if not data.startswith(ACK):
            raise IOError("key refused download request")
        return data[1:]


def drop_to(user, group):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([gid])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    LOG.info("now running as %s:%s", user, group)


def upload(path, vin, api_url, api_key):
    with open(path, "rb") as fh:
        resp = requests.post(
            f"{api_url}/v1/tachograph/files",
            headers={"Authorization": f"Bearer {api_key}"},
            data={"vin": vin},
            files={"file": (path.name, fh, "application/octet-stream")},
            timeout=60,
        )
    resp.raise_for_status()
    return resp.json().get("id")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--user", default="fleetsvc")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--api-url", default="https://compliance.fleetdesk-eu.com")
    ap.add_argument("--store", default="ddd")
    ap.add_argument("--poll", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("COMPLIANCE_API_KEY")
    if not api_key:
        LOG.error("COMPLIANCE_API_KEY not set")
        return 2

    key = DownloadKey(args.device)
    try:
        key.open()
    except OSError as exc:
        LOG.error("cannot open %s: %s", args.device, exc)
        return 1
    if os.geteuid() == 0:
        drop_to(args.user, args.group)

    store = Path(args.store)
    store.mkdir(exist_ok=True)
    last_vin = None
    while True:
        try:
            vin = key.identify()
            if vin and vin != last_vin:
                blob = key.download()
                stamp = datetime.now(timezone.utc).strftime("%Y%m%d%H%M")
                path = store / f"M_{stamp}_{vin}.DDD"
                path.write_bytes(blob)
                LOG.info("saved %s (%d bytes)", path, len(blob))
                ref = upload(path, vin, args.api_url, api_key)
                LOG.info("uploaded %s as %s", path.name, ref)
                last_vin = vin
            elif not vin:
                last_vin = None
        except (OSError, requests.RequestException) as exc:
            LOG.warning("cycle failed: %s", exc)
        time.sleep(args.poll)


if __name__ == "__main__":
    sys.exit(main())
