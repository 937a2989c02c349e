#!/usr/bin/env python3
"""Tiny multi-user chat server built on the selectors module.

Clients connect with any line-based TCP client (nc, a small GUI, ...),
pick a nickname with ``/nick NAME`` and every other line is broadcast to
the room.  A transcript is kept under ./chat_logs/ for later review.
Intended for local development of the chat front-end.
"""
import argparse
import datetime as dt
import logging
import os
import selectors
import socket
import types

LOG = logging.getLogger("chatsrv")
MAX_LINE = 2048


class ChatRoom:
    def __init__(self, transcript_dir):
        self.sel = selectors.DefaultSelector()
        self.clients = {}
        os.makedirs(transcript_dir, exist_ok=True)
        stamp = dt.date.today().isoformat()
        self.transcript = open(os.path.join(transcript_dir, f"room-{stamp}.log"), "a",
                               encoding="utf-8")

    def close(self):
        self.transcript.close()
        self.sel.close()

    def accept(self, lsock):
        conn, addr = lsock.accept()
        conn.setblocking(False)
        state = types.SimpleNamespace(addr=addr, inbuf=b"", outbuf=b"",
                                      nick=f"guest{addr[1]}")
        self.clients[conn] = state
        self.sel.register(conn, selectors.EVENT_READ | selectors.EVENT_WRITE, data=state)
        LOG.info("connection from %s:%s", *addr)
        self.queue(conn, b"welcome! use /nick NAME, /who, /quit\n")

    def queue(self, conn, payload):
        st = self.clients.get(conn)
        if st is not None:
            st.outbuf += payload

    def broadcast(self, sender, text):
        line = f"[{dt.datetime.now():%H:%M:%S}] {text}\n"
        self.transcript.write(line)
        self.transcript.flush()
        for conn in list(self.clients):
            if conn is not sender:
                self.queue(conn, line.encode())

    def drop(self, conn):
        st = self.clients.pop(conn, None)
        try:
            self.sel.unregister(conn)
        except (KeyError, ValueError):
            pass
        conn.close()
        if st:
            LOG.info("%s left", st.nick)
            self.broadcast(None, f"* {st.nick} left the room")

    def handle_line(self, conn, st, line):
        if line.startswith("/nick "):
            new = line[6:].strip()[:24] or st.nick
            self.broadcast(conn, f"* {st.nick} is now {new}")
            st.nick = new
        elif line == "/who":
            names = ", ".join(s.nick for s in self.clients.values())
            self.queue(conn, f"online: {names}\n".encode())
        elif line == "/quit":
            self.drop(conn)
        elif line:
            self.broadcast(conn, f"<{st.nick}> {line}")

    def service(self, key, mask):
        conn, st = key.fileobj, key.data
        if mask & selectors.EVENT_READ:
            try:
                chunk = conn.recv(4096)
            except ConnectionError:
                chunk = b""
            if not chunk:
                self.drop(conn)
                return
            st.inbuf += chunk
            if len(st.inbuf) > MAX_LINE * 4:
                self.queue(conn, b"line too long\n")
                st.inbuf = b""
            while b"\n" in st.inbuf:
                raw, st.inbuf = st.inbuf.split(b"\n", 1)
                self.handle_line(conn, st, raw.decode("utf-8", "replace").strip())
                if conn not in self.clients:
                    return
        if mask & selectors.EVENT_WRITE and st.outbuf:
            try:
                sent = conn.send(st.outbuf)
                st.outbuf = st.outbuf[sent:]
            except BlockingIOError:
                pass
            except ConnectionError:
                self.drop(conn)

    def serve(self, host, port):
        lsock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        lsock.bind((host, port))
        lsock.listen(32)
        lsock.setblocking(False)
        self.sel.register(lsock, selectors.EVENT_READ, data=None)
        LOG.info("chat room listening on %s:%d", host, port)
        while True:
            for key, mask in self.sel.select(timeout=1.0):
                if key.data is None:
                    self.accept(key.fileobj)
                else:
                    self.service(key, mask)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=5555)
    ap.add_argument("--logs", default="chat_logs")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    room = ChatRoom(args.logs)
    try:
        room.serve(args.host, args.port)
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        room.close()


if __name__ == "__main__":
    main()
