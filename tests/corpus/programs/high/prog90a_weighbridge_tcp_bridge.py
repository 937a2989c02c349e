#!/usr/bin/env python3
"""Weigh-bridge indicator to TCP bridge.

The indicator streams weight frames continuously on its RS-232 port
(e.g. "ST,GS,+0012340kg\\r\\n"). The intake PC, the grower kiosk and the
scoreboard over the tipping bin all want the live weight, but only one
process can own the serial port, so this bridge owns it and fans the
frames out to any number of TCP clients.

It is started by the intake PC's boot script, opens the device and the
listening socket, then switches to the unprivileged service account.
"""
import argparse
import asyncio
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import re
import termios

LOG = logging.getLogger("wb-bridge")
FRAME = re.compile(rb"^(ST|US|OL),(GS|NT),([+-]\d{7})(kg|t)\r?$")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(account):
    """Switch the whole process to the given service account."""
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem] + [pw.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(ctypes.c_size_t(len(groups)), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    LOG.info("running as %s (uid %d)", account, pw.pw_uid)


def open_serial(path, baud):
    fd = os.open(path, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    attrs = termios.tcgetattr(fd)
    speed = getattr(termios, f"B{baud}")
    attrs[0] = termios.IGNPAR
    attrs[1] = 0
    attrs[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
    attrs[3] = 0
    attrs[4] = attrs[5] = speed
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return fd


class Bridge:
    def __init__(self, fd):
        self.fd = fd
        self.clients = set()
        self.buf = b""
        self.last = None

    def on_serial(self):
        try:
            chunk = os.read(self.fd, 512)
        except BlockingIOError:
            return
        self.buf += chunk
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            m = FRAME.match(line.strip())
            if not m:
                continue
            status, kind, value, unit = m.groups()
            kg = int(value) * (1000 if unit == b"t" else 1)
            msg = f"{status.decode()},{kind.decode()},{kg}\n".encode()
            self.last = msg
            for w in list(self.clients):
                try:
                    w.write(msg)
                except (ConnectionError, RuntimeError):
                    self.clients.discard(w)

    async def on_client(self, reader, writer):
        peer = writer.get_extra_info("peername")
        LOG.info("client %s connected", peer)
        self.clients.add(writer)
        if self.last:
            writer.write(self.last)
        try:
            await reader.read()  # clients only listen; wait for them to hang up
        finally:
            self.clients.discard(writer)
            writer.close()
            LOG.info("client %s gone", peer)


async def serve(args):
    fd = open_serial(args.device, args.baud)
    bridge = Bridge(fd)
    server = await asyncio.start_server(bridge.on_client, args.listen, args.port)
    if os.geteuid() == 0:
        become(args.user)
    asyncio.get_running_loop().add_reader(fd, bridge.on_serial)
    LOG.info("bridging %s to %s:%d", args.device, args.listen, args.port)
    async with server:
        await server.serve_forever()


def main():
    ap = argparse.ArgumentParser(description="Fan weigh-bridge frames out over TCP")
    ap.add_argument("--device", default="/dev/weighbridge")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=4001)
    ap.add_argument("--user", default="weighbridge")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
