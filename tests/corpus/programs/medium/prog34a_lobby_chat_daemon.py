#!/usr/bin/env python3
"""Lobby chat daemon for the office LAN.

Line based protocol, one selector loop, no threads.  Commands:
/nick NAME, /who, /me ACTION, /quit.  Everything else is broadcast.
Daily transcripts go to ./lobby_logs/.
"""
import argparse
import datetime as dt
import json
import logging
import os
import selectors
import socket
from dataclasses import dataclass, field

log = logging.getLogger("lobby")

DEFAULTS = {
    "listen": ["0.0.0.0", 6060],
    "motd": "Welcome to the lobby. Be nice.",
    "transcripts": "lobby_logs",
    "max_clients": 200,
}


@dataclass
class Peer:
    addr: tuple
    nick: str
    rx: bytearray = field(default_factory=bytearray)
    tx: bytearray = field(default_factory=bytearray)


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


class Lobby:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sel = selectors.DefaultSelector()
        self.peers = {}
        os.makedirs(cfg["transcripts"], exist_ok=True)
        fname = f"lobby-{dt.date.today():%Y%m%d}.txt"
        self.log_fh = open(os.path.join(cfg["transcripts"], fname), "a", encoding="utf-8")

    def send(self, sock, text):
        peer = self.peers.get(sock)
        if peer:
            peer.tx.extend(text.encode("utf-8"))

    def announce(self, origin, text):
        stamped = f"{dt.datetime.now():%H:%M} {text}\n"
        self.log_fh.write(stamped)
        self.log_fh.flush()
        for sock in list(self.peers):
            if sock is not origin:
                self.send(sock, stamped)

    def on_accept(self, listener):
        sock, addr = listener.accept()
        if len(self.peers) >= self.cfg["max_clients"]:
            sock.sendall(b"lobby full\n")
            sock.close()
            return
        sock.setblocking(False)
        self.peers[sock] = Peer(addr=addr, nick=f"anon-{addr[1]}")
        self.sel.register(sock, selectors.EVENT_READ | selectors.EVENT_WRITE, self.on_io)
        self.send(sock, self.cfg["motd"] + "\n")
        log.info("joined from %s", addr[0])

    def disconnect(self, sock):
        peer = self.peers.pop(sock, None)
        try:
            self.sel.unregister(sock)
        except (KeyError, ValueError):
            pass
        sock.close()
        if peer:
            self.announce(None, f"-- {peer.nick} disconnected")

    def command(self, sock, peer, text):
        if text.startswith("/nick "):
            old, peer.nick = peer.nick, text.split(None, 1)[1][:20]
            self.announce(sock, f"-- {old} is now known as {peer.nick}")
        elif text.startswith("/me "):
            self.announce(sock, f"* {peer.nick} {text[4:]}")
        elif text == "/who":
            self.send(sock, "here: " + " ".join(p.nick for p in self.peers.values()) + "\n")
        elif text == "/quit":
            self.disconnect(sock)
        elif text:
            self.announce(sock, f"<{peer.nick}> {text}")

    def on_io(self, sock, mask):
        peer = self.peers.get(sock)
        if peer is None:
            return
        if mask & selectors.EVENT_READ:
            try:
                data = sock.recv(4096)
            except OSError:
                data = b""
            if not data:
                self.disconnect(sock)
                return
            peer.rx.extend(data)
            while b"\n" in peer.rx:
                idx = peer.rx.index(b"\n")
                line = bytes(peer.rx[:idx]).decode("utf-8", "replace").rstrip("\r")
                del peer.rx[:idx + 1]
                self.command(sock, peer, line.strip())
                if sock not in self.peers:
                    return
        if mask & selectors.EVENT_WRITE and peer.tx:
            try:
                n = sock.send(peer.tx)
                del peer.tx[:n]
            except BlockingIOError:
                pass
            except OSError:
                self.disconnect(sock)

    def run(self):
        host, port = self.cfg["listen"]
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, int(port)))
        listener.listen(64)
        listener.setblocking(False)
        self.sel.register(listener, selectors.EVENT_READ,
                          lambda s, m: self.on_accept(s))
        log.info("lobby open on %s:%s", host, port)
        while True:
            for key, mask in self.sel.select(timeout=2):
                key.data(key.fileobj, mask)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-c", "--config", default="lobby.json")
    parser.add_argument("--debug", action="store_true")
    opts = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if opts.debug else logging.INFO)
    lobby = Lobby(load_config(opts.config))
    try:
        lobby.run()
    except KeyboardInterrupt:
        log.info("bye")
    finally:
        lobby.log_fh.close()


if __name__ == "__main__":
    main()
