#!/usr/bin/env python3
"""Lab name registry: lab VMs announce "<name> <ip>" over TCP and we keep a
managed block in the hosts file in sync so everyone can reach them by name."""
import argparse
import ipaddress
import logging
import re
import socketserver
import threading

log = logging.getLogger("hostsreg")
BEGIN = "# >>> lab-registry >>>"
END = "# <<< lab-registry <<<"
NAME_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}\.lab$")


class Registry:
    def __init__(self, hosts_path: str):
        self.hosts_path = hosts_path
        self.entries = {}
        self.lock = threading.Lock()

    def _render(self, original: str) -> str:
        keep, inside = [], False
        for line in original.splitlines():
            if line.strip() == BEGIN:
                inside = True
            elif line.strip() == END:
                inside = False
            elif not inside:
                keep.append(line)
        block = [BEGIN] + [f"{ip}\t{name}" for name, ip in sorted(self.entries.items())] + [END]
        return "\n".join(keep + block) + "\n"

    def register(self, name: str, ip: str) -> None:
        with self.lock:
            self.entries[name] = ip
            with open(self.hosts_path, "r+", encoding="utf-8") as fh:
                current = fh.read()
                fh.seek(0)
                fh.write(self._render(current))
                fh.truncate()
        log.info("registered %s -> %s", name, ip)


class AnnounceHandler(socketserver.StreamRequestHandler):
    registry: Registry = None

    def handle(self):
        line = self.rfile.readline(256).decode("ascii", "replace").strip()
        try:
            name, ip = line.split()
            ipaddress.ip_address(ip)
        except ValueError:
            self.wfile.write(b"ERR format: <name>.lab <ip>\n")
            return
        if not NAME_RE.match(name):
            self.wfile.write(b"ERR bad name\n")
            return
        try:
            self.registry.register(name, ip)
        except OSError as exc:
            log.error("cannot update hosts file: %s", exc)
            self.wfile.write(b"ERR internal\n")
            return
        self.wfile.write(b"OK\n")


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="10.20.0.1")
    ap.add_argument("--port", type=int, default=5353)
    ap.add_argument("--hosts-file", default="/etc/hosts")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    AnnounceHandler.registry = Registry(args.hosts_file)
    with Server((args.listen, args.port), AnnounceHandler) as srv:
        log.info("registry on %s:%d managing %s", args.listen, args.port, args.hosts_file)
        srv.serve_forever()


if __name__ == "__main__":
    main()
