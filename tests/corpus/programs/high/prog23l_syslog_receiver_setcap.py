#!/usr/bin/env python3
"""Tiny syslog receiver for the home lab log shipper.

Routers and NAS boxes only speak classic syslog on UDP/514, so the
receiver needs to bind a privileged port. `--setup` grants the venv's
interpreter CAP_NET_BIND_SERVICE once, so the service itself can run as an
ordinary user afterwards.

    syslog_rx.py --setup
    syslog_rx.py --listen 192.168.1.10 --out logs/
"""
import argparse
import datetime as dt
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

PRI_RE = re.compile(r"^<(\d{1,3})>")
FACILITIES = ["kern", "user", "mail", "daemon", "auth", "syslog", "lpr",
              "news", "uucp", "cron", "authpriv", "ftp"]
SEVERITIES = ["emerg", "alert", "crit", "err", "warning", "notice", "info",
              "debug"]


def grant_bind_capability() -> None:
    interpreter = os.path.realpath(sys.executable)
    print(f"granting cap_net_bind_service to {interpreter}")
    subprocess.run(
        ["sudo", "setcap", "cap_net_bind_service=+ep", interpreter],
        check=True,
    )
    subprocess.run(["getcap", interpreter], check=False)


def decode(msg: bytes):
    text = msg.decode("utf-8", "replace").rstrip("\n")
    m = PRI_RE.match(text)
    if not m:
        return "user", "notice", text
    pri = int(m.group(1))
    fac, sev = divmod(pri, 8)
    facility = FACILITIES[fac] if fac < len(FACILITIES) else f"local{fac - 16}"
    return facility, SEVERITIES[sev], text[m.end():]


class DailyFiles:
    def __init__(self, root: Path):
        self.root = root
        self.handles = {}

    def write(self, host: str, line: str) -> None:
        day = dt.date.today().isoformat()
        key = (host, day)
        fh = self.handles.get(key)
        if fh is None:
            for old in [k for k in self.handles if k[0] == host]:
                self.handles.pop(old).close()
            path = self.root / host / f"{day}.log"
            path.parent.mkdir(parents=True, exist_ok=True)
            fh = path.open("a", buffering=1)
            self.handles[key] = fh
        fh.write(line + "\n")


def serve(listen: str, port: int, out: Path) -> None:
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind((listen, port))
    files = DailyFiles(out)
    print(f"listening on {listen}:{port}/udp, writing under {out}/")
    while True:
        data, (addr, _p) = sock.recvfrom(8192)
        facility, severity, body = decode(data)
        stamp = dt.datetime.now().isoformat(timespec="seconds")
        files.write(addr, f"{stamp} {facility}.{severity} {body}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--setup", action="store_true")
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=514)
    ap.add_argument("--out", type=Path, default=Path("logs"))
    args = ap.parse_args()
    if args.setup:
        grant_bind_capability()
        return
    serve(args.listen, args.port, args.out)


if __name__ == "__main__":
    main()
