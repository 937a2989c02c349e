#!/usr/bin/env python3
"""Read lever and tappet lock states from the frame's serial sensor bus.

Started by the box PC at boot, takes over the serial port for the
demonstrator account and then keeps running as that account.
"""
import argparse
import grp
import logging
import os
import pwd
import signal
import sys
import time
from pathlib import Path

log = logging.getLogger("tappet.daemon")

RUNNING = True


def _stop(signum, _frame):
    global RUNNING
    log.info("signal %d received, stopping", signum)
    RUNNING = False


def claim_port(port: str, account: str) -> None:
    entry = pwd.getpwnam(account)
    os.chown(port, entry.pw_uid, grp.getgrnam("dialout").gr_gid)
    os.chmod(port, 0o660)
    log.info("%s handed to %s", port, account)


def become(account: str) -> None:
    entry = pwd.getpwnam(account)
    ops = [
        ("setgroups", [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]),
        ("setgid", entry.pw_gid),
        ("setuid", entry.pw_uid),
    ]
    for name, arg in ops:
        getattr(os, name)(arg)
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (uid %d)", account, os.getuid())


def parse_frame(line: bytes) -> dict:
    text = line.decode("ascii", errors="ignore").strip()
    if not text.startswith("L"):
        return {}
    states = {}
    for field in text[1:].split(","):
        if "=" in field:
            lever, value = field.split("=", 1)
            states[lever.strip()] = "reverse" if value.strip() == "1" else "normal"
    return states


def watch(port: str, out: Path, interval: float) -> None:
    with open(port, "rb", buffering=0) as dev, out.open("a", encoding="utf-8") as rec:
        buf = b""
        while RUNNING:
            chunk = dev.read(256)
            if not chunk:
                time.sleep(interval)
                continue
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                states = parse_frame(line)
                if states:
                    rec.write(f"{time.strftime('%H:%M:%S')} {states}\n")
                    rec.flush()


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Lever frame sensor daemon")
    p.add_argument("--port", default="/dev/ttyUSB0")
    p.add_argument("--account", default="demonstrator")
    p.add_argument("--out", type=Path, default=Path("lever_states.log"))
    p.add_argument("--interval", type=float, default=0.1)
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    try:
        if os.geteuid() == 0:
            claim_port(args.port, args.account)
            become(args.account)
        watch(args.port, args.out.resolve(), args.interval)
    except (KeyError, OSError) as exc:
        log.error("daemon failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
