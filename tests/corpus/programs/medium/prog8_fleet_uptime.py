"""Reports the uptime of every host in the fleet over SSH."""
import argparse
import logging

import paramiko


def uptime(host, user):
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.connect(host, username=user, timeout=10)
    try:
        _stdin, stdout, _stderr = client.exec_command("uptime -p")
        return stdout.read().decode().strip()
    finally:
        client.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("hosts", nargs="+")
    ap.add_argument("--user", default="ops")
    args = ap.parse_args()
    for host in args.hosts:
        try:
            print(f"{host:20} {uptime(host, args.user)}")
        except (OSError, paramiko.SSHException) as exc:
            logging.error("%s: %s", host, exc)


main()
