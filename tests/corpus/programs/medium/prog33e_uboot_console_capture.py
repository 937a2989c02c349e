#!/usr/bin/env python3
"""Capture U-Boot / kernel boot logs through the lab console server.

Each bench board's UART is wired to a port on the rack's terminal server,
which exposes it as a raw telnet session.  This tool connects to the port
for a board, optionally power-cycles it via the PDU's HTTP API, interrupts
autoboot, dumps the environment and records the boot log to ./console-logs.
"""
import argparse
import configparser
import logging
import re
import sys
import telnetlib
import time
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("uboot-capture")

AUTOBOOT_RE = re.compile(rb"Hit any key to stop autoboot|autoboot in \d+ seconds")
PROMPT = b"=> "
BOOT_DONE_RE = re.compile(rb"login:|Welcome to Buildroot|Starting kernel")


class ConsoleSession:
    def __init__(self, host, port, logfile: Path, timeout=10):
        self.tn = telnetlib.Telnet(host, port, timeout=timeout)
        self.logfile = logfile.open("ab")
        self.timeout = timeout

    def _record(self, data: bytes):
        if data:
            self.logfile.write(data)
            self.logfile.flush()
        return data

    def expect(self, patterns, timeout=None):
        idx, match, data = self.tn.expect(patterns, timeout or self.timeout)
        self._record(data)
        return idx, data

    def send(self, line: str):
        self.tn.write(line.encode("ascii") + b"\r")

    def command(self, line, timeout=None):
        self.send(line)
        data = self.tn.read_until(PROMPT, timeout or self.timeout)
        self._record(data)
        return data.decode("utf-8", "replace")

    def drain(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                self._record(self.tn.read_very_eager())
            except EOFError:
                break
            time.sleep(0.1)

    def close(self):
        self.tn.close()
        self.logfile.close()


def power_cycle(pdu_url, outlet, timeout=5):
    for state in ("off", "on"):
        r = requests.post(f"{pdu_url}/outlets/{outlet}", json={"state": state}, timeout=timeout)
        r.raise_for_status()
        time.sleep(2)


def load_bench(path, board):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(path)
    if board not in cfg:
        raise KeyError(f"board {board!r} not in {path}")
    return cfg[board]


def main(argv=None):
    ap = argparse.ArgumentParser(description="capture board boot log via console server")
    ap.add_argument("board")
    ap.add_argument("--bench", default="bench.ini")
    ap.add_argument("--cycle", action="store_true", help="power-cycle through the PDU first")
    ap.add_argument("--env", action="store_true", help="stop autoboot and dump printenv")
    ap.add_argument("--boot-wait", type=float, default=60.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        bench = load_bench(args.bench, args.board)
    except (FileNotFoundError, KeyError) as exc:
        log.error("%s", exc)
        return 2

    out_dir = Path("console-logs")
    out_dir.mkdir(exist_ok=True)
    logfile = out_dir / f"{args.board}-{datetime.now():%Y%m%d-%H%M%S}.log"

    session = ConsoleSession(bench["console_host"], bench.getint("console_port"), logfile)
    try:
        if args.cycle:
            power_cycle(bench["pdu_url"], bench["pdu_outlet"])
        idx, _ = session.expect([AUTOBOOT_RE], timeout=30)
        if idx < 0:
            log.warning("no autoboot banner seen")
        elif args.env:
            session.send("")
            session.tn.read_until(PROMPT, 5)
            env = session.command("printenv", timeout=15)
            (out_dir / f"{args.board}.env").write_text(env)
            session.command("version")
            session.send("boot")
        idx, _ = session.expect([BOOT_DONE_RE], timeout=args.boot_wait)
        session.drain(3)
        log.info("boot %s; log in %s", "completed" if idx >= 0 else "timed out", logfile)
        return 0 if idx >= 0 else 1
    except (EOFError, OSError, requests.RequestException) as exc:
        log.error("console error: %s", exc)
        return 1
    finally:
        session.close()


if __name__ == "__main__":
    sys.exit(main())
