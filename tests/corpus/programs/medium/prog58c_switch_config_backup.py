#!/usr/bin/env python3
"""Back up running configs from legacy lab switches that only speak telnet.

Device list comes from switches.txt in the working directory; the password is
prompted once. Configs are saved under ./backups/<date>/<device>.cfg.
"""
import argparse
import datetime
import getpass
import logging
import sys
import telnetlib
from pathlib import Path

log = logging.getLogger("swbackup")

PROMPTS = [b"#", b">"]
PAGER_OFF = {
    "cisco": b"terminal length 0",
    "hp": b"no page",
    "dlink": b"disable clipaging",
}
SHOW_CMD = {
    "cisco": b"show running-config",
    "hp": b"show running-config",
    "dlink": b"show config current_config",
}


def read_devices(path: Path):
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        host, _, vendor = line.partition(" ")
        yield host, (vendor.strip() or "cisco").lower()


def login(tn: telnetlib.Telnet, user: str, password: str, timeout: int) -> None:
    tn.read_until(b"sername:", timeout)
    tn.write(user.encode() + b"\n")
    tn.read_until(b"assword:", timeout)
    tn.write(password.encode() + b"\n")
    idx, _, _ = tn.expect(PROMPTS, timeout)
    if idx < 0:
        raise RuntimeError("no prompt after login")


def fetch_config(host: str, vendor: str, user: str, password: str, timeout: int) -> str:
    with telnetlib.Telnet(host, 23, timeout) as tn:
        login(tn, user, password, timeout)
        tn.write(PAGER_OFF.get(vendor, b"") + b"\n")
        tn.expect(PROMPTS, timeout)
        tn.write(SHOW_CMD.get(vendor, SHOW_CMD["cisco"]) + b"\n")
        _, _, data = tn.expect([b"\nend", b"#$"], timeout * 3)
        tn.write(b"exit\n")
    return data.decode("ascii", errors="replace")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--devices", type=Path, default=Path("switches.txt"))
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--timeout", type=int, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.devices.is_file():
        log.error("device list %s missing", args.devices)
        return 2
    password = getpass.getpass(f"telnet password for {args.user}: ")
    outdir = Path("backups") / datetime.date.today().isoformat()
    outdir.mkdir(parents=True, exist_ok=True)

    failures = 0
    for host, vendor in read_devices(args.devices):
        try:
            cfg = fetch_config(host, vendor, args.user, password, args.timeout)
        except (OSError, EOFError, RuntimeError) as exc:
            log.error("%s: %s", host, exc)
            failures += 1
            continue
        target = outdir / f"{host}.cfg"
        target.write_text(cfg)
        log.info("%s (%s): %d bytes -> %s", host, vendor, len(cfg), target)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
