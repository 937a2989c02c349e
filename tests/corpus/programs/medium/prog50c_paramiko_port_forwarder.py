#!/usr/bin/env python3
"""Forward local ports to services on a remote dev box over SSH.

Equivalent to `ssh -N -L 127.0.0.1:LPORT:RHOST:RPORT`, but keeps several
forwards on one transport and reconnects when the link drops.
Authentication uses the running ssh-agent.
"""
import argparse
import logging
import select
import socketserver
import sys
import threading
import time

import paramiko

log = logging.getLogger("fwd")


class ForwardHandler(socketserver.BaseRequestHandler):
    transport = None
    remote = None

    def handle(self):
        try:
            chan = self.transport.open_channel(
                "direct-tcpip", self.remote, self.request.getpeername())
        except paramiko.SSHException as exc:
            log.warning("channel to %s:%d refused: %s", *self.remote, exc)
            return
        log.info("open %s -> %s:%d", self.request.getpeername(), *self.remote)
        try:
            while True:
                ready, _, _ = select.select([self.request, chan], [], [], 30)
                if self.request in ready:
                    data = self.request.recv(32768)
                    if not data:
                        break
                    chan.sendall(data)
                if chan in ready:
                    data = chan.recv(32768)
                    if not data:
                        break
                    self.request.sendall(data)
        finally:
            chan.close()
            self.request.close()


class ThreadedServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def parse_spec(spec):
    lport, rhost, rport = spec.split(":")
    return int(lport), (rhost, int(rport))


def connect(host, port, user):
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(host, port=port, username=user, allow_agent=True,
                   look_for_keys=False, timeout=15)
    transport = client.get_transport()
    transport.set_keepalive(20)
    return client, transport


def serve(transport, specs):
    servers = []
    for lport, remote in specs:
        handler = type("H%d" % lport, (ForwardHandler,),
                       {"transport": transport, "remote": remote})
        srv = ThreadedServer(("127.0.0.1", lport), handler)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        servers.append(srv)
        log.info("listening on 127.0.0.1:%d -> %s:%d", lport, *remote)
    return servers


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("host")
    ap.add_argument("-p", "--port", type=int, default=22)
    ap.add_argument("-u", "--user", default=None)
    ap.add_argument("-L", dest="forwards", action="append", required=True,
                    help="LPORT:RHOST:RPORT (repeatable)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    specs = [parse_spec(s) for s in args.forwards]

    while True:
        try:
            client, transport = connect(args.host, args.port, args.user)
        except (paramiko.SSHException, OSError) as exc:
            log.error("connect failed: %s; retry in 10s", exc)
            time.sleep(10)
            continue
        servers = serve(transport, specs)
        try:
            while transport.is_active():
                time.sleep(2)
        except KeyboardInterrupt:
            return 0
        finally:
            for srv in servers:
                srv.shutdown()
                srv.server_close()
            client.close()
        log.warning("transport dropped, reconnecting")


if __name__ == "__main__":
    sys.exit(main())
