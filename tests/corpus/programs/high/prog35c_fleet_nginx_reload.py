#!/usr/bin/env python3
"""Validate and reload nginx on a fleet of edge hosts over SSH.

For each host: run `nginx -t` as root, and only if the config test passes,
reload the service.  Auth is via the running ssh-agent.
"""
import argparse
import concurrent.futures as cf
import logging
import socket
import sys
from pathlib import Path

import paramiko

logger = logging.getLogger("nginx-reload")

CHECK_CMD = "sudo -n /usr/sbin/nginx -t"
RELOAD_CMD = "sudo -n systemctl reload nginx"
STATUS_CMD = "systemctl is-active nginx"


def parse_inventory(path: Path, default_user: str) -> list:
    hosts = []
    for raw in path.read_text().splitlines():
        raw = raw.split("#", 1)[0].strip()
        if not raw:
            continue
        parts = raw.split()
        hosts.append((parts[0], parts[1] if len(parts) > 1 else default_user))
    return hosts


class EdgeHost:
    def __init__(self, host: str, user: str, port: int = 22, timeout: float = 10.0):
        self.host = host
        self.user = user
        self.port = port
        self.timeout = timeout

    def _client(self) -> paramiko.SSHClient:
        client = paramiko.SSHClient()
        client.load_system_host_keys()
        # edge hosts are re-imaged often; accept new host keys automatically
        client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        client.connect(self.host, port=self.port, username=self.user,
                       timeout=self.timeout, allow_agent=True, look_for_keys=False)
        return client

    def _run(self, client: paramiko.SSHClient, command: str) -> tuple:
        _stdin, stdout, stderr = client.exec_command(command, timeout=self.timeout)
        out = stdout.read().decode("utf-8", "replace").strip()
        err = stderr.read().decode("utf-8", "replace").strip()
        return stdout.channel.recv_exit_status(), out, err

    def reload(self, dry_run: bool) -> dict:
        row = {"host": self.host, "result": "", "detail": ""}
        try:
            client = self._client()
        except (paramiko.SSHException, socket.error) as exc:
            row.update(result="unreachable", detail=str(exc))
            return row
        try:
            rc, _out, err = self._run(client, CHECK_CMD)
            if rc != 0:
                row.update(result="config-error", detail=err.splitlines()[-1] if err else "")
                return row
            if dry_run:
                row.update(result="would-reload")
                return row
            rc, _out, err = self._run(client, RELOAD_CMD)
            if rc != 0:
                row.update(result="reload-failed", detail=err)
                return row
            rc, out, _err = self._run(client, STATUS_CMD)
            row.update(result="reloaded" if out == "active" else "inactive", detail=out)
            return row
        except (paramiko.SSHException, socket.timeout) as exc:
            row.update(result="ssh-error", detail=str(exc))
            return row
        finally:
            client.close()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("inventory", type=Path)
    ap.add_argument("--user", default="deploy")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--max-failures", type=int, default=2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    hosts = parse_inventory(args.inventory, args.user)
    failures = 0
    results = []
    with cf.ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(EdgeHost(h, u).reload, args.dry_run) for h, u in hosts]
        for fut in cf.as_completed(futures):
            row = fut.result()
            results.append(row)
            ok = row["result"] in ("reloaded", "would-reload")
            (logger.info if ok else logger.error)("%-28s %-14s %s",
                                                  row["host"], row["result"], row["detail"])
            if not ok:
                failures += 1
                if failures > args.max_failures:
                    logger.error("too many failures, cancelling remaining hosts")
                    for f in futures:
                        f.cancel()
                    break

    print(f"{sum(r['result'] == 'reloaded' for r in results)} reloaded, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
