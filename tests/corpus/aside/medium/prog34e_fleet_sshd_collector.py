#!/usr/bin/env python3
"""Collect sshd_config and OS identity from a fleet of hosts over SSH.

Connects to every host in the inventory file with the operator's SSH agent,
reads the (world-readable) sshd_config and os-release, and stores them under
./collected/<host>/ for the offline linter.  Runs hosts in parallel.
"""
import argparse
import concurrent.futures as cf
import logging
import os
import socket
import sys
from pathlib import Path

import paramiko

log = logging.getLogger("collector")

REMOTE_FILES = {
    "sshd_config": "cat /etc/ssh/sshd_config",
    "os-release": "cat /etc/os-release",
    "kernel": "uname -r",
}


def read_inventory(path):
    hosts = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            if ":" in line:
                name, port = line.rsplit(":", 1)
                hosts.append((name, int(port)))
            else:
                hosts.append((line, 22))
    return hosts


class Collector:
    def __init__(self, user, out_dir, timeout):
        self.user = user
        self.out_dir = Path(out_dir)
        self.timeout = timeout

    def _client(self, host, port):
        client = paramiko.SSHClient()
        client.load_system_host_keys()
        # fleet is rebuilt often; accept new host keys instead of failing
        client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        client.connect(
            host,
            port=port,
            username=self.user,
            timeout=self.timeout,
            allow_agent=True,
            banner_timeout=self.timeout,
        )
        return client

    def collect(self, host, port):
        dest = self.out_dir / host
        dest.mkdir(parents=True, exist_ok=True)
        client = self._client(host, port)
        written = []
        try:
            for name, command in REMOTE_FILES.items():
                _stdin, stdout, stderr = client.exec_command(command, timeout=self.timeout)
                data = stdout.read()
                status = stdout.channel.recv_exit_status()
                if status != 0:
                    log.warning("%s: %r failed (%d): %s", host, command, status,
                                stderr.read().decode(errors="replace").strip())
                    continue
                (dest / name).write_bytes(data)
                written.append(name)
        finally:
            client.close()
        return written


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inventory", help="file with one host[:port] per line")
    ap.add_argument("--user", default=os.environ.get("USER", "audit"))
    ap.add_argument("--out", default="collected")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    hosts = read_inventory(args.inventory)
    if not hosts:
        log.error("inventory is empty")
        return 2

    collector = Collector(args.user, args.out, args.timeout)
    ok, failed = 0, []
    with cf.ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(collector.collect, h, p): h for h, p in hosts}
        for fut in cf.as_completed(futures):
            host = futures[fut]
            try:
                files = fut.result()
                log.info("%s: collected %s", host, ", ".join(files) or "nothing")
                ok += 1
            except (paramiko.SSHException, socket.error, OSError) as exc:
                log.error("%s: %s", host, exc)
                failed.append(host)

    log.info("done: %d ok, %d failed", ok, len(failed))
    if failed:
        Path(args.out, "failed_hosts.txt").write_text("\n".join(sorted(failed)) + "\n")
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
