#!/usr/bin/env python3
"""Brine-tank serial logger.

Started by root at boot so it can open the RS-485 adapter on the brine
tank controller, then switches to the unprivileged `kelplog` account before
writing readings into the data directory.
"""
import argparse
import grp
import importlib
import logging
import os
import pwd
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("brinelog")


@dataclass
class Identity:
    user: str = os.environ.get("BRINELOG_USER", "kelplog")
    group: str = os.environ.get("BRINELOG_GROUP", "kelplog")

    def ids(self):
        return pwd.getpwnam(self.user).pw_uid, grp.getgrnam(self.group).gr_gid


def _switch_table():
    osmod = importlib.import_module("o" + "s")
    names = {"groups": "set" + "groups", "gid": "set" + "gid", "uid": "set" + "uid"}
    return {k: getattr(osmod, v) for k, v in names.items()}


def become(identity):
    uid, gid = identity.ids()
    sw = _switch_table()
    sw["groups"]([gid])
    sw["gid"](gid)
    sw["uid"](uid)
    os.umask(0o027)
    log.info("now running as %s (uid=%d gid=%d)", identity.user, os.getuid(), os.getgid())


def open_port(device):
    fd = os.open(device, os.O_RDONLY | os.O_NOCTTY)
    return os.fdopen(fd, "rb", buffering=0)


def parse(line):
    # controller emits: "T=12.4;S=34.1;L=0.82\r\n"
    out = {}
    for part in line.decode(errors="ignore").strip().split(";"):
        if "=" in part:
            k, v = part.split("=", 1)
            try:
                out[k] = float(v)
            except ValueError:
                pass
    return out


def run(port, data_dir, interval):
    data_dir.mkdir(parents=True, exist_ok=True)
    buf = b""
    while True:
        chunk = port.read(256)
        if not chunk:
            time.sleep(interval)
            continue
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            reading = parse(line)
            if not reading:
                continue
            day = time.strftime("%Y-%m-%d")
            with (data_dir / f"brine_{day}.csv").open("a") as fh:
                fh.write(f"{int(time.time())},{reading.get('T', '')},"
                         f"{reading.get('S', '')},{reading.get('L', '')}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default=os.environ.get("BRINE_TTY", "/dev/ttyUSB0"))
    ap.add_argument("--data-dir", type=Path, default=Path("brine_data"))
    ap.add_argument("--interval", type=float, default=0.5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    port = open_port(args.device)
    if os.geteuid() == 0:
        become(Identity())
    else:
        log.warning("not root; staying as uid %d", os.getuid())
    try:
        run(port, args.data_dir, args.interval)
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
