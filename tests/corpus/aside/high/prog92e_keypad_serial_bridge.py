#!/usr/bin/env python3
"""Local bridge between the kiosk app and the gate keypad controller.

The controller speaks a line protocol over USB serial (/dev/gatectl). The
kiosk web app talks to this bridge on 127.0.0.1:7410 with one JSON command
per line ({"op": "open", "door": 2}) and gets the controller's reply back.

Started by the kiosk init script; it opens the serial device first and then
runs as the unprivileged kiosk account.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socketserver
import sys
import termios
import threading

log = logging.getLogger("keypad_bridge")

BAUDS = {9600: termios.B9600, 19200: termios.B19200, 38400: termios.B38400}


class SerialLine:
    def __init__(self, path, baud):
        self.fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
        attrs = termios.tcgetattr(self.fd)
        attrs[0] = 0                                   # iflag
        attrs[1] = 0                                   # oflag
        attrs[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
        attrs[3] = 0                                   # lflag: raw
        attrs[4] = attrs[5] = BAUDS[baud]
        attrs[6][termios.VMIN] = 0
        attrs[6][termios.VTIME] = 20                   # 2s read timeout
        termios.tcsetattr(self.fd, termios.TCSANOW, attrs)
        self.lock = threading.Lock()

    def transact(self, line):
        with self.lock:
            termios.tcflush(self.fd, termios.TCIFLUSH)
            os.write(self.fd, line.encode("ascii") + b"\r")
            buf = b""
            while not buf.endswith(b"\r"):
                chunk = os.read(self.fd, 64)
                if not chunk:
                    raise TimeoutError("controller did not answer")
                buf += chunk
            return buf.decode("ascii", "replace").strip()


def become(user):
    """Switch the process to the kiosk account after the device is open."""
    pw = pwd.getpwnam(user)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] or [pw.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    for name, args in (("setgroups", (len(groups), arr)),
                       ("setresgid", (pw.pw_gid, pw.pw_gid, pw.pw_gid)),
                       ("setresuid", (pw.pw_uid, pw.pw_uid, pw.pw_uid))):
        if getattr(libc, name)(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name}: {os.strerror(err)}")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (%d:%d)", user, pw.pw_uid, pw.pw_gid)


COMMANDS = {
    "open": lambda c: f"OPEN {int(c['door']):02d}",
    "status": lambda c: f"STAT {int(c.get('door', 0)):02d}",
    "code_add": lambda c: f"CADD {int(c['slot']):04d} {int(c['code']):08d}",
    "code_del": lambda c: f"CDEL {int(c['slot']):04d}",
}


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        for raw in self.rfile:
            try:
                cmd = json.loads(raw)
                line = COMMANDS[cmd["op"]](cmd)
                reply = {"ok": True, "reply": self.server.line.transact(line)}
            except (ValueError, KeyError) as exc:
                reply = {"ok": False, "error": f"bad command: {exc}"}
            except (OSError, TimeoutError) as exc:
                reply = {"ok": False, "error": str(exc)}
            self.wfile.write((json.dumps(reply) + "\n").encode())


class Bridge(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/gatectl")
    ap.add_argument("--baud", type=int, default=19200, choices=sorted(BAUDS))
    ap.add_argument("--port", type=int, default=7410)
    ap.add_argument("--user", default="kiosk")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    try:
        line = SerialLine(args.device, args.baud)
    except OSError as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1
    server = Bridge(("127.0.0.1", args.port), Handler)
    server.line = line
    if os.geteuid() == 0:
        become(args.user)
    log.info("bridging %s on 127.0.0.1:%d", args.device, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        os.close(line.fd)
    return 0


if __name__ == "__main__":
    sys.exit(main())
