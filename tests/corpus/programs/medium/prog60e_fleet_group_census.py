#!/usr/bin/env python3
"""Census of privileged-group membership across the build fleet.

Connects to every host in ./inventory.txt over SSH, runs read-only `getent`
queries as the audit user and writes ./reports/group_census.json plus a
short text summary of who is in wheel/sudo/docker/adm on which host.
"""
import argparse
import json
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import paramiko

WATCHED_GROUPS = ("wheel", "sudo", "docker", "adm", "lxd")
log = logging.getLogger("group-census")


def read_inventory(path: Path):
    hosts = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            hosts.append(line)
    return hosts


def query_host(host: str, user: str, key_file: str, timeout: float) -> dict:
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    try:
        client.connect(host, username=user, key_filename=key_file,
                       timeout=timeout, allow_agent=False)
        members = {}
        for group in WATCHED_GROUPS:
            _, stdout, _ = client.exec_command(f"getent group {group}", timeout=timeout)
            line = stdout.read().decode().strip()
            if line:
                members[group] = [m for m in line.split(":")[3].split(",") if m]
        _, stdout, _ = client.exec_command("getent passwd | awk -F: '$3 == 0 {print $1}'")
        uid0 = stdout.read().decode().split()
        return {"host": host, "ok": True, "groups": members, "uid0": uid0}
    except (paramiko.SSHException, OSError) as exc:
        return {"host": host, "ok": False, "error": str(exc)}
    finally:
        client.close()


def summarise(results):
    lines = []
    for r in sorted(results, key=lambda r: r["host"]):
        if not r["ok"]:
            lines.append(f"{r['host']:<28} UNREACHABLE ({r['error']})")
            continue
        extra_root = [u for u in r["uid0"] if u != "root"]
        flag = f"  !! extra uid0: {','.join(extra_root)}" if extra_root else ""
        groups = "; ".join(f"{g}={','.join(m)}" for g, m in r["groups"].items() if m)
        lines.append(f"{r['host']:<28} {groups or '-'}{flag}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inventory", type=Path, default=Path("inventory.txt"))
    ap.add_argument("--user", default=os.environ.get("AUDIT_USER", "auditor"))
    ap.add_argument("--key", default=os.path.expanduser("~/.ssh/audit_ed25519"))
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    hosts = read_inventory(args.inventory)
    results = []
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(query_host, h, args.user, args.key, args.timeout): h
                   for h in hosts}
        for fut in as_completed(futures):
            res = fut.result()
            log.info("%s: %s", res["host"], "ok" if res["ok"] else res["error"])
            results.append(res)

    out_dir = Path("reports")
    out_dir.mkdir(exist_ok=True)
    (out_dir / "group_census.json").write_text(json.dumps(results, indent=2))
    summary = summarise(results)
    (out_dir / "group_census.txt").write_text(summary + "\n")
    print(summary)
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
