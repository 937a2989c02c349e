#!/usr/bin/env python3
"""Relay ESPA 4.4.4 call records from the nurse-call master to TCP listeners.

The ward nurse-call master station only speaks ESPA 4.4.4 on RS-232.  The DECT
messaging server and the dashboard both want newline-delimited JSON over TCP,
so this relay reads the serial feed, decodes each call record and fans it out
to every connected client.
"""
import argparse
import configparser
import json
import logging
import queue
import socketserver
import sys
import threading
import time

import serial

LOG = logging.getLogger("ncrelay")
SOH, STX, ETX, EOT, RS, US = b"\x01", b"\x02", b"\x03", b"\x04", b"\x1e", b"\x1f"
FIELDS = {"1": "callee", "2": "message", "3": "beep", "4": "callback", "5": "priority", "6": "status"}


def decode_record(raw):
    """Turn one ESPA data block into a dict."""
    body = raw.split(STX, 1)[-1].split(ETX, 1)[0]
    out = {}
    for part in body.split(RS):
        if US in part:
            key, val = part.split(US, 1)
            out[FIELDS.get(key.decode(errors="ignore"), key.decode(errors="ignore"))] = \
                val.decode("latin-1").strip()
    out["received"] = time.strftime("%Y-%m-%dT%H:%M:%S")
    return out


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
            LOG.info("client %s:%d gone", *self.client_address)


def serial_reader(port, baud, hub, stop):
    while not stop.is_set():
        try:
            with serial.Serial(port, baud, bytesize=7, parity="E", stopbits=1, timeout=2) as ser:
                LOG.info("listening on %s @ %d", port, baud)
                buf = b""
                while not stop.is_set():
                    chunk = ser.read(256)
                    if not chunk:
                        continue
                    buf += chunk
                    while ETX in buf:
                        block, buf = buf.split(ETX, 1)
                        ser.read(1)  # BCC
                        ser.write(b"\x06")  # ACK
                        if STX in block:
                            hub.publish(decode_record(block + ETX))
        except serial.SerialException as exc:
            LOG.error("serial error: %s; retrying in 5s", exc)
            time.sleep(5)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="ncrelay.ini")
    args = ap.parse_args()
    cfg = configparser.ConfigParser()
    cfg.read_dict({"serial": {"port": "/dev/ttyS0", "baud": "9600"},
                   "listen": {"host": "0.0.0.0", "port": "7044"}})
    cfg.read(args.config)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")

    hub, stop = Hub(), threading.Event()
    reader = threading.Thread(target=serial_reader, name="espa",
                              args=(cfg["serial"]["port"], cfg.getint("serial", "baud"), hub, stop),
                              daemon=True)
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    server = socketserver.ThreadingTCPServer(
        (cfg["listen"]["host"], cfg.getint("listen", "port")), ClientHandler)
    server.daemon_threads = True
    server.hub = hub
    reader.start()
    LOG.info("relay listening on %s:%s", *server.server_address)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
