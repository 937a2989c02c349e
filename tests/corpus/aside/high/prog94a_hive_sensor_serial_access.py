#!/usr/bin/env python3
"""Brood-nest sensor reader for the hive gateway service.

The gateway unit starts this as root so it can open the sensor bus before
anything else grabs it; once the port is open the process switches to the
unprivileged 'hive' account (with the dialout group) for the rest of its life
and writes readings as CSV lines.

Sensor frames: "$BN,<hive>,<t1>,<t2>,<t3>,<rh>*<xx>" where xx is an XOR checksum.
"""
import argparse
import ctypes
import ctypes.util
import csv
import grp
import logging
import os
import pwd
import sys
import time

log = logging.getLogger("brood-sensor")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = (ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint))


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_account(user, extra_groups=("dialout",)):
    """Move the process onto the service account and its serial-port group."""
    pw = pwd.getpwnam(user)
    gids = [pw.pw_gid]
    for name in extra_groups:
        try:
            gids.append(grp.getgrnam(name).gr_gid)
        except KeyError:
            log.warning("group %s does not exist", name)
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setgid(pw.pw_gid), "setgid")
    _check(_libc.setuid(pw.pw_uid), "setuid")
    os.environ["HOME"] = pw.pw_dir
    os.environ["USER"] = user
    log.info("running as %s (uid %d, groups %s)", user, os.getuid(), os.getgroups())


def nmea_checksum(body):
    c = 0
    for ch in body:
        c ^= ord(ch)
    return f"{c:02X}"


def parse(line):
    line = line.strip()
    if not line.startswith("$BN,") or "*" not in line:
        return None
    body, _, cs = line[1:].partition("*")
    if nmea_checksum(body) != cs.upper():
        log.debug("checksum mismatch: %s", line)
        return None
    parts = body.split(",")
    if len(parts) != 6:
        return None
    _, hive, t1, t2, t3, rh = parts
    try:
        temps = [float(t1), float(t2), float(t3)]
        return {"ts": int(time.time()), "hive": hive, "t_core": max(temps),
                "t_mean": round(sum(temps) / 3, 2), "rh": float(rh)}
    except ValueError:
        return None


def open_port(device, baud):
    import serial
    return serial.Serial(device, baud, timeout=2)


def run(port, out_path):
    new_file = not os.path.exists(out_path)
    with open(out_path, "a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["ts", "hive", "t_core", "t_mean", "rh"])
        if new_file:
            writer.writeheader()
        while True:
            raw = port.readline().decode("ascii", "replace")
            rec = parse(raw) if raw else None
            if rec:
                writer.writerow(rec)
                fh.flush()
                if rec["t_core"] < 32.0:
                    log.warning("%s brood nest at %.1f C - check for queenlessness",
                                rec["hive"], rec["t_core"])


def main():
    ap = argparse.ArgumentParser(description="Brood-nest sensor reader")
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=19200)
    ap.add_argument("--user", default="hive")
    ap.add_argument("--out", default="brood_temps.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    try:
        port = open_port(args.device, args.baud)
    except Exception as exc:  # serial.SerialException and friends
        log.error("cannot open %s: %s", args.device, exc)
        return 1

    try:
        switch_account(args.user)
    except (KeyError, OSError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1

    try:
        run(port, args.out)
    except KeyboardInterrupt:
        pass
    finally:
        port.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
