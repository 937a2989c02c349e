#!/usr/bin/env python3
"""Link a tower-site LTE modem to the co-op outage SMS gateway.

The gateway pushes newline-delimited JSON frames over a persistent TCP link.
Each "alert" frame is a text message to send to subscribers on the affected
tower; "status" frames ask for modem health.  Messages go out through
ModemManager's mmcli so any modem supported by the OS works.

Config (INI):
    [gateway]
    host = smsgw.coop-ops.example.net
    port = 7443
    site = tower-14
    [modem]
    index = 0
"""
import argparse
import configparser
import json
import logging
import socket
import subprocess
import sys
import threading
import time

log = logging.getLogger("sms-link")


class ModemLink:
    def __init__(self, host, port, site, modem_index="0"):
        self.host = host
        self.port = int(port)
        self.site = site
        self.modem = str(modem_index)
        self.sock = None
        self._send_lock = threading.Lock()
        self.handlers = {
            "alert": self.on_alert,
            "status": self.on_status,
            "ping": lambda frame: self.reply({"type": "pong", "seq": frame.get("seq")}),
        }

    # -- transport -------------------------------------------------------
    def connect(self):
        backoff = 1
        while True:
            try:
                self.sock = socket.create_connection((self.host, self.port), timeout=30)
                self.sock.settimeout(None)
                self.reply({"type": "hello", "site": self.site})
                log.info("connected to %s:%s", self.host, self.port)
                return
            except OSError as exc:
                log.warning("connect failed: %s; retry in %ss", exc, backoff)
                time.sleep(backoff)
                backoff = min(backoff * 2, 120)

    def reply(self, obj):
        line = (json.dumps(obj) + "\n").encode()
        with self._send_lock:
            self.sock.sendall(line)

    def frames(self):
        buf = b""
        while True:
            chunk = self.sock.recv(4096)
            if not chunk:
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                if line.strip():
                    try:
                        yield json.loads(line)
                    except ValueError:
                        log.warning("bad frame %r", line[:80])

    # -- handlers --------------------------------------------------------
    def _mmcli(self, *args):
        return subprocess.run(["mmcli", "-m", self.modem, *args],
                              capture_output=True, text=True, timeout=60)

    def on_alert(self, frame):
        text = frame.get("text", "")[:300]
        sent, failed = 0, 0
        for number in frame.get("to", []):
            res = self._mmcli(f"--messaging-create-sms=text='{text}',number='{number}'")
            path = res.stdout.strip().split()[-1] if res.returncode == 0 and res.stdout.strip() else None
            if path and self._mmcli("-s", path, "--send").returncode == 0:
                sent += 1
            else:
                failed += 1
        self.reply({"type": "alert-ack", "id": frame.get("id"), "sent": sent, "failed": failed})

    def on_status(self, frame):
        res = self._mmcli("--output-json")
        try:
            info = json.loads(res.stdout)["modem"]["generic"]
            status = {"state": info.get("state"), "signal": info.get("signal-quality", {}).get("value")}
        except (ValueError, KeyError):
            status = {"state": "unknown"}
        self.reply({"type": "status", "id": frame.get("id"), "site": self.site, **status})

    def serve(self):
        while True:
            self.connect()
            try:
                for frame in self.frames():
                    handler = self.handlers.get(frame.get("type"))
                    if handler is None:
                        log.debug("ignored frame type %s", frame.get("type"))
                        continue
                    threading.Thread(target=handler, args=(frame,), daemon=True).start()
            except OSError as exc:
                log.warning("link dropped: %s", exc)
            finally:
                self.sock.close()
            time.sleep(5)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="sms_link.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("cannot read %s", args.config)
        return 2
    gw = cfg["gateway"]
    link = ModemLink(gw.get("host"), gw.get("port", "7443"), gw.get("site", socket.gethostname()),
                     cfg.get("modem", "index", fallback="0"))
    try:
        link.serve()
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
