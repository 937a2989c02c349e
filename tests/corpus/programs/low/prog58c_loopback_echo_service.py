#!/usr/bin/env python3
"""Loopback-only echo/uppercase service used by the protocol unit tests.

Uses the selectors module so that many test clients can be served from one thread.
Listens on 127.0.0.1 only.
"""
import argparse
import logging
import selectors
import signal
import socket
import types

log = logging.getLogger("echo")

COMMANDS = {
    "ECHO": lambda s: s,
    "UPPER": str.upper,
    "REV": lambda s: s[::-1],
    "LEN": lambda s: str(len(s)),
}


class EchoService:
    def __init__(self, port: int, max_line: int = 4096):
        self.sel = selectors.DefaultSelector()
        self.port = port
        self.max_line = max_line
        self.running = True

    def start(self) -> None:
        lsock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        lsock.bind(("127.0.0.1", self.port))
        lsock.listen()
        lsock.setblocking(False)
        self.sel.register(lsock, selectors.EVENT_READ, data=None)
        log.info("echo service on 127.0.0.1:%d", self.port)

    def accept(self, sock: socket.socket) -> None:
        conn, addr = sock.accept()
        conn.setblocking(False)
        data = types.SimpleNamespace(addr=addr, inb=b"", outb=b"")
        self.sel.register(conn, selectors.EVENT_READ | selectors.EVENT_WRITE, data=data)
        log.debug("client %s connected", addr)

    def handle_line(self, line: str) -> str:
        verb, _, rest = line.partition(" ")
        func = COMMANDS.get(verb.upper())
        if func is None:
            return f"ERR unknown verb {verb}"
        return "OK " + func(rest)

    def service(self, key, mask) -> None:
        sock, data = key.fileobj, key.data
        if mask & selectors.EVENT_READ:
            chunk = sock.recv(1024)
            if not chunk or len(data.inb) > self.max_line:
                self.sel.unregister(sock)
                sock.close()
                return
            data.inb += chunk
            while b"\n" in data.inb:
                raw, data.inb = data.inb.split(b"\n", 1)
                reply = self.handle_line(raw.decode(errors="replace").strip())
                data.outb += reply.encode() + b"\n"
        if mask & selectors.EVENT_WRITE and data.outb:
            sent = sock.send(data.outb)
            data.outb = data.outb[sent:]

    def serve_forever(self) -> None:
        self.start()
        while self.running:
            for key, mask in self.sel.select(timeout=0.5):
                if key.data is None:
                    self.accept(key.fileobj)
                else:
                    self.service(key, mask)
        self.sel.close()

    def stop(self, *_):
        self.running = False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=7007)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    svc = EchoService(args.port)
    signal.signal(signal.SIGTERM, svc.stop)
    try:
        svc.serve_forever()
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
