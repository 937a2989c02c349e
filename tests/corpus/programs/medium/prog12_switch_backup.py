#!/usr/bin/env python3
"""Saves the running configuration of the lab switches."""
import logging
import telnetlib
from datetime import date
from pathlib import Path

log = logging.getLogger("switches")

SWITCHES = ["10.1.0.2", "10.1.0.3"]
USER = "backup"


def dump(host: str, password: str) -> str:
    tn = telnetlib.Telnet(host, 23, timeout=10)
    tn.read_until(b"Username: ")
    tn.write(USER.encode() + b"\n")
    tn.read_until(b"Password: ")
    tn.write(password.encode() + b"\n")
    tn.write(b"terminal length 0\nshow running-config\nexit\n")
    return tn.read_all().decode("ascii", "replace")


def main() -> None:
    import getpass
    logging.basicConfig(level=logging.INFO)
    password = getpass.getpass()
    out = Path("backups") / str(date.today())
    out.mkdir(parents=True, exist_ok=True)
    for host in SWITCHES:
        (out / f"{host}.cfg").write_text(dump(host, password))


if __name__ == "__main__":
    main()
