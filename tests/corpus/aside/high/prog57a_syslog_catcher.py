#!/usr/bin/env python3
"""Tiny syslog receiver for debugging network gear on the bench.

Binds UDP/514 on the loopback or a lab interface (needs root for the low
port), then drops to an unprivileged account before touching any files.
Messages are appended to ./captured-syslog.log with their facility/severity.
"""
import argparse
import ctypes
import ctypes.util
import datetime as dt
import logging
import pwd
import re
import socket
from pathlib import Path

log = logging.getLogger("syslog-catcher")
PRI_RE = re.compile(rb"^<(\d{1,3})>")
SEVERITIES = ["emerg", "alert", "crit", "err", "warning", "notice", "info", "debug"]

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what} failed: {ctypes.cast(_libc.strerror(err), ctypes.c_char_p).value}")


def drop_privileges(username: str) -> None:
    """Switch real, effective and saved IDs to `username` for good."""
    entry = pwd.getpwnam(username)
    _libc.strerror.restype = ctypes.c_void_p
    _check(_libc.setgroups(0, None), "setgroups")
    _check(_libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
    _check(_libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
    log.info("now running as %s (uid=%d)", username, entry.pw_uid)


def decode(datagram: bytes):
    m = PRI_RE.match(datagram)
    if not m:
        return "user", "notice", datagram.decode("utf-8", "replace")
    pri = int(m.group(1))
    facility, severity = divmod(pri, 8)
    body = datagram[m.end():].decode("utf-8", "replace")
    return f"fac{facility}", SEVERITIES[severity], body


def run(sock: socket.socket, out: Path, min_sev: str) -> None:
    threshold = SEVERITIES.index(min_sev)
    with out.open("a", buffering=1) as fh:
        while True:
            data, (peer, _) = sock.recvfrom(8192)
            facility, severity, body = decode(data)
            if SEVERITIES.index(severity) > threshold:
                continue
            line = f"{dt.datetime.now().isoformat(timespec='seconds')} {peer} " \
                   f"{facility}.{severity}: {body.strip()}"
            fh.write(line + "\n")
            print(line)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=514)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--min-severity", default="debug", choices=SEVERITIES)
    ap.add_argument("--out", type=Path, default=Path("captured-syslog.log"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind((args.listen, args.port))
    log.info("listening on udp://%s:%d", args.listen, args.port)
    try:
        drop_privileges(args.user)
    except (KeyError, OSError) as exc:
        log.error("could not drop privileges: %s", exc)
        return 1
    try:
        run(sock, args.out, args.min_severity)
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
