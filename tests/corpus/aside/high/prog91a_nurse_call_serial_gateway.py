#!/usr/bin/env python3
"""Relay ESPA 4.4.4 call records from the nurse-call master to TCP listeners.

The ward nurse-call master station only speaks ESPA 4.4.4 on RS-232.  The DECT
messaging server and the dashboard both want newline-delimited JSON over TCP,
so this gateway reads the serial feed, decodes each call record and fans it
out to every connected client.  Started by the init script as root so it can
grab the serial device, then switches to the service account.
"""
import argparse
import configparser
import ctypes
import ctypes.util
import json
import logging
import pwd
import queue
import socketserver
import sys
import threading
import time

import serial

LOG = logging.getLogger("ncgateway")
SOH, STX, ETX, EOT, RS, US = b"\x01", b"\x02", b"\x03", b"\x04", b"\x1e", b"\x1f"
FIELDS = {"1": "callee", "2": "message", "3": "beep", "4": "callback", "5": "priority", "6": "status"}


def decode_record(raw):
    body = raw.split(STX, 1)[-1].split(ETX, 1)[0]
    out = {}
    for part in body.split(RS):
        if US in part:
            key, val = part.split(US, 1)
            out[FIELDS.get(key.decode(errors="ignore"), key.decode(errors="ignore"))] = \
                val.decode("latin-1").strip()
    out["received"] = time.strftime("%Y-%m-%dT%H:%M:%S")
    return out


class ServiceAccount:
    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, name):
        self.entry = pwd.getpwnam(name)

    def _call(self, fn, *args):
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn.__name__} failed")

    def assume(self):
        uid, gid = self.entry.pw_uid, self.entry.pw_gid
        groups = (ctypes.c_uint * 1)(gid)
        self._call(self._libc.setgroups, 1, groups)
        self._call(self._libc.setresgid, gid, gid, gid)
        self._call(self._libc.setresuid, uid, uid, uid)
        LOG.info("running as %s (%d:%d)", self.entry.pw_name, uid, gid)


class Hub:
    def __init__(self):
        self.clients = set()
        self.lock = threading.Lock()

    def add(self, q):
        with self.lock:
            self.clients.add(q)

    def drop(self, q):
        with self.lock:
            self.clients.discard(q)

    def publish(self, record):
        line = (json.dumps(record) + "\n").encode()
        with self.lock:
            for q in list(self.clients):
                try:
                    q.put_nowait(line)
                except queue.Full:
                    LOG.warning("client queue full, dropping record")


class ClientHandler(socketserver.BaseRequestHandler):
    def handle(self):
        q = queue.Queue(maxsize=500)
        self.server.hub.add(q)
        LOG.info("client %s:%d connected", *self.client_address)
        try:
            while True:
                self.request.sendall(q.get())
        except OSError:
            pass
        finally:
            self.server.hub.drop(q)


def serial_reader(ser, hub, stop):
    buf = b""
    while not stop.is_set():
        try:
            chunk = ser.read(256)
        except serial.SerialException as exc:
            LOG.error("serial error: %s", exc)
            time.sleep(5)
            continue
        if not chunk:
            continue
        buf += chunk
        while ETX in buf:
            block, buf = buf.split(ETX, 1)
            ser.read(1)  # BCC
            ser.write(b"\x06")  # ACK
            if STX in block:
                hub.publish(decode_record(block + ETX))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="ncgateway.ini")
    args = ap.parse_args()
    cfg = configparser.ConfigParser()
    cfg.read_dict({"serial": {"port": "/dev/ttyS0", "baud": "9600"},
                   "listen": {"host": "0.0.0.0", "port": "7044"},
                   "service": {"user": "nursecall"}})
    cfg.read(args.config)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")

    ser = serial.Serial(cfg["serial"]["port"], cfg.getint("serial", "baud"),
                        bytesize=7, parity="E", stopbits=1, timeout=2)
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    server = socketserver.ThreadingTCPServer(
        (cfg["listen"]["host"], cfg.getint("listen", "port")), ClientHandler)
    server.daemon_threads = True
    try:
        ServiceAccount(cfg["service"]["user"]).assume()
    except (KeyError, OSError) as exc:
        LOG.error("cannot switch to service account: %s", exc)
        return 3

    hub, stop = Hub(), threading.Event()
    server.hub = hub
    threading.Thread(target=serial_reader, name="espa", args=(ser, hub, stop), daemon=True).start()
    LOG.info("gateway listening on %s:%s", *server.server_address)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        server.server_close()
        ser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
