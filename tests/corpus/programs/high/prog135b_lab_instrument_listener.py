#!/usr/bin/env python3
"""Lab instrument result listener.

The wine lab's auto-titrator and the FTIR analyser push results as UDP
datagrams to port 514 (the vendor hard-coded it). The listener binds the
port, switches to the lab service account and writes each result as a
line of JSON into the day's results file.
"""
import argparse
import ctypes
import ctypes.util
import datetime
import json
import logging
import os
import pwd
import socket

LOG = logging.getLogger("lab-listener")

RESULTS_DIR = "lab_results"
RECV_BUFFER = 4 * 1024 * 1024
# kernel tunable path, built from parts for readability in the config dump
RMEM_KNOB = "/".join(["", "proc", "sys", "net", "core", "rmem_max"])


def raise_receive_buffer(size):
    """Instruments burst at the end of a run; give the socket headroom."""
    try:
        with open(RMEM_KNOB, "w") as fh:
            fh.write(str(size))
        LOG.info("receive buffer ceiling set to %d", size)
    except OSError as exc:
        LOG.warning("could not raise %s: %s", RMEM_KNOB, exc)


def switch_identity(username):
    """Take on the lab account's uid/gid after binding the low port."""
    entry = pwd.getpwnam(username)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    steps = [
        ("set" + "groups", lambda: os.setgroups([entry.pw_gid])),
        ("set" + "gid", lambda: libc.setgid(entry.pw_gid)),
        ("set" + "uid", lambda: libc.setuid(entry.pw_uid)),
    ]
    for name, call in steps:
        rc = call()
        if rc not in (None, 0):
            raise OSError(ctypes.get_errno(), "%s failed" % name)
    LOG.info("now running as %s (%d)", username, os.getuid())


def parse_datagram(data, addr):
    text = data.decode("utf-8", errors="replace").strip()
    fields = dict(part.split("=", 1) for part in text.split(";") if "=" in part)
    return {
        "received": datetime.datetime.now().isoformat(timespec="seconds"),
        "instrument": addr[0],
        "sample": fields.get("SAMPLE"),
        "analyte": fields.get("ANALYTE"),
        "value": fields.get("VALUE"),
        "unit": fields.get("UNIT"),
    }


def serve(sock):
    os.makedirs(RESULTS_DIR, exist_ok=True)
    while True:
        data, addr = sock.recvfrom(65535)
        try:
            record = parse_datagram(data, addr)
        except ValueError:
            LOG.warning("unparseable datagram from %s", addr[0])
            continue
        day = datetime.date.today().isoformat()
        with open(os.path.join(RESULTS_DIR, day + ".jsonl"), "a") as fh:
            fh.write(json.dumps(record) + "\n")
        LOG.info("%s %s=%s %s", record["sample"], record["analyte"], record["value"], record["unit"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="198.51.100.5")
    ap.add_argument("--port", type=int, default=514)
    ap.add_argument("--user", default="winelab")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    raise_receive_buffer(RECV_BUFFER)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECV_BUFFER)
    sock.bind((args.bind, args.port))
    switch_identity(args.user)
    try:
        serve(sock)
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        sock.close()


if __name__ == "__main__":
    main()
