#!/usr/bin/env python3
"""Read and decode stored OBD-II trouble codes over a Wi-Fi ELM327 dongle.

Most cheap Wi-Fi dongles expose the ELM327 command set on a plain TCP
socket (192.168.0.10:35000).  This tool initialises the adapter, reads
stored (mode 03) and pending (mode 07) DTCs plus the VIN, and writes a
JSON report into ./reports for the workshop ticket.
"""
import argparse
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("dtc-reader")

PROMPT = b">"
INIT_SEQUENCE = ("ATZ", "ATE0", "ATL0", "ATS0", "ATH0", "ATSP0")
DTC_PREFIX = {0: "P", 1: "C", 2: "B", 3: "U"}


class Elm327:
    def __init__(self, host, port, timeout=5.0):
        self.addr = (host, port)
        self.timeout = timeout
        self.sock = None

    def __enter__(self):
        self.sock = socket.create_connection(self.addr, timeout=self.timeout)
        return self

    def __exit__(self, *exc):
        if self.sock:
            self.sock.close()

    def command(self, cmd, wait=0.1):
        self.sock.sendall(cmd.encode("ascii") + b"\r")
        time.sleep(wait)
        buf = b""
        deadline = time.monotonic() + self.timeout
        while not buf.rstrip().endswith(PROMPT):
            if time.monotonic() > deadline:
                raise TimeoutError(f"no prompt after {cmd}")
            chunk = self.sock.recv(1024)
            if not chunk:
                raise ConnectionError("adapter closed the connection")
            buf += chunk
        text = buf.decode("ascii", "replace").replace(">", "")
        lines = [l.strip() for l in text.replace("\r", "\n").split("\n") if l.strip()]
        LOG.debug("%s -> %s", cmd, lines)
        return lines

    def initialise(self):
        for cmd in INIT_SEQUENCE:
            self.command(cmd, wait=1.0 if cmd == "ATZ" else 0.1)


def decode_dtcs(lines, mode_reply):
    """Decode mode 03/07 replies (spaces off, headers off)."""
    codes = []
    for line in lines:
        if not line.startswith(mode_reply):
            continue
        data = line[len(mode_reply):]
        if len(data) % 4 == 2:  # CAN replies carry a DTC count byte first
            data = data[2:]
        for i in range(0, len(data) - 3, 4):
            word = int(data[i:i + 4], 16)
            if word == 0:
                continue
            first = DTC_PREFIX[(word >> 14) & 0x3]
            codes.append(f"{first}{(word >> 12) & 0x3}{word & 0xFFF:03X}")
    return codes


def decode_vin(lines):
    hexdata = "".join(l.split(":", 1)[-1] for l in lines if "NO DATA" not in l)
    idx = hexdata.find("4902")
    if idx < 0:
        return None
    raw = bytes.fromhex(hexdata[idx + 6:idx + 6 + 34])
    vin = raw.decode("ascii", "ignore")
    return vin if len(vin) == 17 else None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default=os.environ.get("ELM_HOST", "192.168.0.10"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("ELM_PORT", "35000")))
    ap.add_argument("-o", "--out-dir", default="reports")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        with Elm327(args.host, args.port) as elm:
            elm.initialise()
            stored = decode_dtcs(elm.command("03", wait=0.5), "43")
            pending = decode_dtcs(elm.command("07", wait=0.5), "47")
            vin = decode_vin(elm.command("0902", wait=0.5))
    except (OSError, TimeoutError, ConnectionError) as exc:
        LOG.error("adapter %s:%d: %s", args.host, args.port, exc)
        return 1

    report = {"vin": vin, "stored": stored, "pending": pending,
              "read_at": time.strftime("%Y-%m-%dT%H:%M:%S")}
    os.makedirs(args.out_dir, exist_ok=True)
    out = os.path.join(args.out_dir, f"dtc_{vin or 'unknown'}_{int(time.time())}.json")
    with open(out, "w") as fh:
        json.dump(report, fh, indent=2)
    LOG.info("%d stored, %d pending codes -> %s", len(stored), len(pending), out)
    for code in stored:
        print(code)
    return 0


if __name__ == "__main__":
    sys.exit(main())
