#!/usr/bin/env python3
"""Share the wheelhouse GPS NMEA stream with the plotter, logbook and VMS box.

Reads sentences from the GPS serial port, checks the NMEA checksum and fans
them out to any TCP client on the NMEA-over-IP port.  It is started by the
wheelhouse PC's init script so it can open the serial device, then switches
to the service account given with --run-as before serving clients.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import pwd
import queue
import socketserver
import sys
import threading

import serial  # pyserial

log = logging.getLogger("nmea-bridge")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]


def nmea_ok(line):
    if not line.startswith(("$", "!")) or "*" not in line:
        return False
    body, _, cks = line[1:].partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    try:
        return calc == int(cks[:2], 16)
    except ValueError:
        return False


class Hub:
    def __init__(self):
        self.clients = set()
        self.lock = threading.Lock()

    def add(self, q):
        with self.lock:
            self.clients.add(q)

    def remove(self, q):
        with self.lock:
            self.clients.discard(q)

    def publish(self, line):
        with self.lock:
            for q in list(self.clients):
                try:
                    q.put_nowait(line)
                except queue.Full:
                    pass  # slow client loses sentences, never blocks the GPS


class ClientHandler(socketserver.StreamRequestHandler):
    def handle(self):
        q = queue.Queue(maxsize=512)
        self.server.hub.add(q)
        log.info("client %s:%s connected", *self.client_address)
        try:
            while True:
                self.wfile.write(q.get().encode("ascii") + b"\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            self.server.hub.remove(q)
            log.info("client %s:%s gone", *self.client_address)


class BridgeServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def switch_account(name):
    pw = pwd.getpwnam(name)
    groups = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem] + [pw.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    if _libc.setgroups(len(groups), arr) != 0:
        raise OSError(ctypes.get_errno(), "setgroups")
    if _libc.setgid(pw.pw_gid) != 0:
        raise OSError(ctypes.get_errno(), "setgid")
    if _libc.setuid(pw.pw_uid) != 0:
        raise OSError(ctypes.get_errno(), "setuid")
    log.info("now running as %s (uid %d)", name, pw.pw_uid)


def read_gps(port, hub, stop):
    bad = 0
    while not stop.is_set():
        raw = port.readline()
        if not raw:
            continue
        line = raw.decode("ascii", errors="ignore").strip()
        if nmea_ok(line):
            hub.publish(line)
        else:
            bad += 1
            if bad % 100 == 0:
                log.warning("%d sentences with bad checksum so far", bad)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=4800)
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=10110)
    ap.add_argument("--run-as", default="gpsd")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    try:
        gps = serial.Serial(args.device, args.baud, timeout=2)
    except serial.SerialException as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1

    hub = Hub()
    server = BridgeServer((args.listen, args.port), ClientHandler)
    server.hub = hub
    try:
        switch_account(args.run_as)
    except (KeyError, OSError) as exc:
        log.warning("staying on current account: %s", exc)

    stop = threading.Event()
    reader = threading.Thread(target=read_gps, args=(gps, hub, stop), daemon=True)
    reader.start()
    log.info("serving %s on %s:%d", args.device, args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        server.server_close()
        gps.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
