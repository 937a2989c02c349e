#!/usr/bin/env python3
"""LAN chat room built on the selectors module.

Every line a client sends is broadcast to the other clients. Clients can
set a nickname with "/nick NAME" and list members with "/who". The server
listens on all interfaces so people on the office network can join.
"""
import argparse
import logging
import selectors
import socket
import sys

log = logging.getLogger("lanchat")

LISTEN_ADDR = "0.0.0.0"


class Client:
    def __init__(self, sock: socket.socket, addr):
        self.sock = sock
        self.addr = addr
        self.nick = f"guest{addr[1]}"
        self.inbuf = b""
        self.outbuf = b""


class ChatRoom:
    def __init__(self, port: int, max_clients: int):
        self.sel = selectors.DefaultSelector()
        self.clients: dict[socket.socket, Client] = {}
        self.max_clients = max_clients
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind((LISTEN_ADDR, port))
        self.listener.listen(64)
        self.listener.setblocking(False)
        self.sel.register(self.listener, selectors.EVENT_READ, self.accept)
        log.info("chat room open on %s:%d", LISTEN_ADDR, port)

    def accept(self, sock, _mask):
        conn, addr = sock.accept()
        if len(self.clients) >= self.max_clients:
            conn.sendall(b"room is full\n")
            conn.close()
            return
        conn.setblocking(False)
        client = Client(conn, addr)
        self.clients[conn] = client
        self.sel.register(conn, selectors.EVENT_READ, self.on_read)
        log.info("join from %s", addr[0])
        self.broadcast(f"* {client.nick} joined from {addr[0]}\n")

    def on_read(self, conn, _mask):
        client = self.clients[conn]
        try:
            data = conn.recv(4096)
        except ConnectionError:
            data = b""
        if not data:
            self.drop(client)
            return
        client.inbuf += data
        while b"\n" in client.inbuf:
            raw, client.inbuf = client.inbuf.split(b"\n", 1)
            self.handle_line(client, raw.decode("utf-8", "replace").strip())

    def handle_line(self, client: Client, line: str) -> None:
        if not line:
            return
        if line.startswith("/nick "):
            old, client.nick = client.nick, line[6:].strip()[:20] or client.nick
            self.broadcast(f"* {old} is now {client.nick}\n")
        elif line == "/who":
            names = ", ".join(c.nick for c in self.clients.values())
            self.send(client, f"* here: {names}\n")
        elif line == "/quit":
            self.drop(client)
        else:
            self.broadcast(f"<{client.nick}> {line}\n", exclude=client)

    def send(self, client: Client, text: str) -> None:
        client.outbuf += text.encode()
        self.sel.modify(client.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, self.on_ready)

    def on_ready(self, conn, mask):
        client = self.clients.get(conn)
        if client is None:
            return
        if mask & selectors.EVENT_READ:
            self.on_read(conn, mask)
        if mask & selectors.EVENT_WRITE and conn in self.clients and client.outbuf:
            try:
                sent = conn.send(client.outbuf)
            except BlockingIOError:
                return
            client.outbuf = client.outbuf[sent:]
            if not client.outbuf:
                self.sel.modify(conn, selectors.EVENT_READ, self.on_read)

    def broadcast(self, text: str, exclude=None) -> None:
        for other in list(self.clients.values()):
            if other is not exclude:
                self.send(other, text)

    def drop(self, client: Client) -> None:
        self.sel.unregister(client.sock)
        client.sock.close()
        self.clients.pop(client.sock, None)
        self.broadcast(f"* {client.nick} left\n")

    def serve_forever(self) -> None:
        while True:
            for key, mask in self.sel.select(timeout=1.0):
                key.data(key.fileobj, mask)


def main() -> int:
    ap = argparse.ArgumentParser(description="LAN chat room (selectors)")
    ap.add_argument("--port", type=int, default=7070)
    ap.add_argument("--max-clients", type=int, default=64)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    try:
        ChatRoom(args.port, args.max_clients).serve_forever()
    except KeyboardInterrupt:
        log.info("bye")
    except OSError as exc:
        log.error("server error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
