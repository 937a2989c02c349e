#!/usr/bin/env python3
"""hostsreg - tiny name registry for lab VMs.

VMs on the host-only network announce themselves over TCP with
``REG <name> <ipv4>`` / ``UNREG <name>`` and the daemon keeps a managed
block in the system hosts file in sync so every tool on the box resolves
them.  Lines outside the managed block are never touched.
"""
import argparse
import ipaddress
import logging
import os
import re
import socketserver
import tempfile
import threading

log = logging.getLogger("hostsreg")

HOSTS_PATH = "/etc/hosts"
BEGIN = "# >>> hostsreg managed block >>>"
END = "# <<< hostsreg managed block <<<"
NAME_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}(\.lab)?$")


class Registry:
    def __init__(self, path, allowed_net):
        self.path = path
        self.allowed = ipaddress.ip_network(allowed_net)
        self.lock = threading.Lock()
        self.entries = self._read_block()

    def _split(self):
        with open(self.path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
        if BEGIN in lines and END in lines:
            b, e = lines.index(BEGIN), lines.index(END)
            return lines[:b], lines[b + 1:e], lines[e + 1:]
        return lines, [], []

    def _read_block(self):
        _, block, _ = self._split()
        out = {}
        for line in block:
            parts = line.split()
            if len(parts) >= 2:
                out[parts[1]] = parts[0]
        return out

    def _write(self):
        head, _, tail = self._split()
        block = [f"{ip}\t{name}" for name, ip in sorted(self.entries.items())]
        text = "\n".join(head + [BEGIN] + block + [END] + tail) + "\n"
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(self.path), prefix=".hosts.")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, self.path)

    def register(self, name, ip):
        addr = ipaddress.ip_address(ip)
        if addr not in self.allowed:
            raise ValueError(f"{ip} outside {self.allowed}")
        if not NAME_RE.match(name):
            raise ValueError(f"bad name {name!r}")
        with self.lock:
            self.entries[name] = str(addr)
            self._write()

    def unregister(self, name):
        with self.lock:
            if self.entries.pop(name, None) is None:
                raise KeyError(name)
            self._write()


class Handler(socketserver.StreamRequestHandler):
    timeout = 30

    def reply(self, msg):
        self.wfile.write((msg + "\n").encode())

    def handle(self):
        reg = self.server.registry
        peer = self.client_address[0]
        for raw in self.rfile:
            words = raw.decode("ascii", "replace").split()
            if not words:
                continue
            verb = words[0].upper()
            try:
                if verb == "REG" and len(words) == 3:
                    reg.register(words[1].lower(), words[2])
                    log.info("%s registered %s=%s", peer, words[1], words[2])
                    self.reply("OK")
                elif verb == "UNREG" and len(words) == 2:
                    reg.unregister(words[1].lower())
                    self.reply("OK")
                elif verb == "LIST":
                    for n, ip in sorted(reg.entries.items()):
                        self.reply(f"{n} {ip}")
                    self.reply(".")
                elif verb == "QUIT":
                    return
                else:
                    self.reply("ERR usage: REG name ip | UNREG name | LIST | QUIT")
            except (ValueError, KeyError) as exc:
                self.reply(f"ERR {exc}")


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--listen", default="192.168.56.1")
    ap.add_argument("--port", type=int, default=5353)
    ap.add_argument("--allowed-net", default="192.168.56.0/24")
    ap.add_argument("--hosts-file", default=HOSTS_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    with Server((args.listen, args.port), Handler) as srv:
        srv.registry = Registry(args.hosts_file, args.allowed_net)
        log.info("hostsreg on %s:%d managing %s", args.listen, args.port, args.hosts_file)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
