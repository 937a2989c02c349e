#!/usr/bin/env python3
"""fleetpeek - read-only health checks across a handful of lab machines over SSH."""
import argparse
import configparser
import logging
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from paramiko import AutoAddPolicy, SSHClient
from paramiko.ssh_exception import SSHException

log = logging.getLogger("fleetpeek")
CHECKS = {
    "uptime": "uptime -p",
    "disk": "df -h --output=target,pcent / /home",
    "mem": "free -m | awk 'NR==2{print $3\"/\"$2\" MiB\"}'",
    "kernel": "uname -r",
}


def load_inventory(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise SystemExit(f"inventory {path} not found")
    hosts = []
    for section in cfg.sections():
        hosts.append({
            "name": section,
            "addr": cfg.get(section, "address", fallback=section),
            "user": cfg.get(section, "user", fallback="ops"),
            "port": cfg.getint(section, "port", fallback=22),
        })
    return hosts


def open_client(host, key_file):
    client = SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(AutoAddPolicy())
    client.connect(host["addr"], port=host["port"], username=host["user"],
                   key_filename=key_file, timeout=8)
    return client


def run_check(host, command, key_file):
    try:
        with open_client(host, key_file) as client:
            _, stdout, stderr = client.exec_command(command, timeout=15)
            out = stdout.read().decode().strip()
            err = stderr.read().decode().strip()
            return host["name"], out or err
    except (SSHException, OSError) as exc:
        return host["name"], f"unreachable: {exc}"


def cmd_hosts(args):
    for h in load_inventory(args.inventory):
        print(f"{h['name']:<16} {h['user']}@{h['addr']}:{h['port']}")


def cmd_check(args):
    hosts = load_inventory(args.inventory)
    command = CHECKS[args.check]
    with ThreadPoolExecutor(max_workers=args.parallel) as pool:
        results = pool.map(lambda h: run_check(h, command, args.key), hosts)
        for name, text in results:
            print(f"== {name}\n{text}")


def cmd_pull(args):
    """Copy an application log from each host into ./pulled/<host>/."""
    for host in load_inventory(args.inventory):
        dest = Path("pulled") / host["name"]
        dest.mkdir(parents=True, exist_ok=True)
        try:
            with open_client(host, args.key) as client, client.open_sftp() as sftp:
                sftp.get(args.remote, str(dest / Path(args.remote).name))
            print(f"{host['name']}: ok")
        except (SSHException, OSError) as exc:
            log.warning("%s: %s", host["name"], exc)


def main():
    parser = argparse.ArgumentParser(prog="fleetpeek")
    parser.add_argument("-i", "--inventory", default="fleet.ini")
    parser.add_argument("-k", "--key", default=None, help="private key file for auth")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("hosts").set_defaults(func=cmd_hosts)
    p = sub.add_parser("check")
    p.add_argument("check", choices=sorted(CHECKS))
    p.add_argument("-p", "--parallel", type=int, default=4)
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("pull")
    p.add_argument("--remote", default="app/logs/current.log")
    p.set_defaults(func=cmd_pull)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args.func(args)


if __name__ == "__main__":
    sys.exit(main())
