#!/usr/bin/env python3
"""Local port forwarding through a bastion host (like `ssh -L`).

Opens 127.0.0.1:<local_port> and forwards each connection over an SSH
direct-tcpip channel to <remote_host>:<remote_port> as seen from the bastion.
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

log = logging.getLogger("bastion-tunnel")


class ForwardHandler(socketserver.BaseRequestHandler):
    transport: paramiko.Transport = None
    remote = ("localhost", 5432)

    def handle(self):
        try:
            chan = self.transport.open_channel(
                "direct-tcpip", self.remote, self.request.getpeername())
        except (paramiko.SSHException, OSError) as exc:
            log.warning("channel to %s:%d refused: %s", *self.remote, exc)
            return
        if chan is None:
            log.warning("bastion rejected forwarding request")
            return
        log.info("tunnel open %s -> %s:%d", self.request.getpeername(),
                 *self.remote)
        try:
            while True:
                r, _, _ = select.select([self.request, chan], [], [], 60)
                if self.request in r:
                    data = self.request.recv(32768)
                    if not data:
                        break
                    chan.sendall(data)
                if chan in r:
                    data = chan.recv(32768)
                    if not data:
                        break
                    self.request.sendall(data)
        finally:
            chan.close()
            self.request.close()
            log.info("tunnel closed")


class LocalServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def connect(bastion: str, user: str, port: int) -> paramiko.SSHClient:
    ssh = paramiko.SSHClient()
    ssh.load_system_host_keys()
    ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    ssh.connect(bastion, port=port, username=user, allow_agent=True,
                look_for_keys=False, timeout=15, banner_timeout=15)
    ssh.get_transport().set_keepalive(30)
    return ssh


def watchdog(ssh: paramiko.SSHClient, server: LocalServer) -> None:
    while True:
        time.sleep(10)
        t = ssh.get_transport()
        if t is None or not t.is_active():
            log.error("SSH transport died; stopping local listener")
            server.shutdown()
            return


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bastion")
    ap.add_argument("remote", help="host:port reachable from the bastion")
    ap.add_argument("-l", "--local-port", type=int, default=15432)
    ap.add_argument("-u", "--user", default=None)
    ap.add_argument("-p", "--ssh-port", type=int, default=22)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    rhost, _, rport = args.remote.rpartition(":")
    try:
        ssh = connect(args.bastion, args.user, args.ssh_port)
    except (paramiko.SSHException, OSError) as exc:
        log.error("cannot reach bastion %s: %s", args.bastion, exc)
        return 1

    ForwardHandler.transport = ssh.get_transport()
    ForwardHandler.remote = (rhost, int(rport))
    server = LocalServer(("127.0.0.1", args.local_port), ForwardHandler)
    threading.Thread(target=watchdog, args=(ssh, server), daemon=True).start()
    log.info("127.0.0.1:%d -> %s -> %s", args.local_port, args.bastion,
             args.remote)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        ssh.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
