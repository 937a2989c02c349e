#!/usr/bin/env python3
"""Run read-only diagnostics on hosts that are only reachable via the bastion.

    jumphost_tunnel.py --bastion bastion.ams1.corp.example --cmd "ss -s" lb01 lb02

Opens one SSH session to the bastion, tunnels a direct-tcpip channel to each
target and runs the command there. Authentication uses the ssh-agent.
Output is printed per host and optionally saved as JSON.
"""
import argparse
import getpass
import json
import logging
import sys
import time
from contextlib import contextmanager

import paramiko

log = logging.getLogger("jumphost")

DEFAULT_COMMANDS = ["uptime", "ss -s", "ip -br addr"]


class HostKeyPolicies:
    strict = paramiko.RejectPolicy
    warn = paramiko.WarningPolicy
    auto = paramiko.AutoAddPolicy

    @classmethod
    def get(cls, name):
        try:
            return getattr(cls, name)()
        except AttributeError:
            raise ValueError(f"unknown host key policy {name!r}") from None


def make_client(policy_name):
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(HostKeyPolicies.get(policy_name))
    return client


@contextmanager
def bastion_session(host, user, port, policy):
    client = make_client(policy)
    log.info("connecting to bastion %s@%s:%d", user, host, port)
    client.connect(host, port=port, username=user, allow_agent=True,
                   look_for_keys=False, timeout=10, banner_timeout=15)
    try:
        yield client
    finally:
        client.close()


def run_via(bastion, target, user, commands, policy, port=22):
    transport = bastion.get_transport()
    channel = transport.open_channel("direct-tcpip", (target, port), ("127.0.0.1", 0))
    inner = make_client(policy)
    results = {}
    try:
        inner.connect(target, port=port, username=user, sock=channel,
                      allow_agent=True, look_for_keys=False, timeout=10)
        for cmd in commands:
            _, stdout, stderr = inner.exec_command(cmd, timeout=30)
            rc = stdout.channel.recv_exit_status()
            results[cmd] = {
                "rc": rc,
                "stdout": stdout.read().decode("utf-8", "replace"),
                "stderr": stderr.read().decode("utf-8", "replace"),
            }
    finally:
        inner.close()
        channel.close()
    return results


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bastion", required=True)
    ap.add_argument("--bastion-port", type=int, default=22)
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--host-keys", default="auto", choices=["strict", "warn", "auto"],
                    help="what to do with hosts not yet in known_hosts")
    ap.add_argument("--json", dest="json_out")
    ap.add_argument("targets", nargs="+")
    ap.add_argument("--cmd", action="append", dest="commands")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    commands = args.commands or DEFAULT_COMMANDS
    report = {"bastion": args.bastion, "started": time.time(), "hosts": {}}
    failures = 0
    try:
        with bastion_session(args.bastion, args.user, args.bastion_port, args.host_keys) as b:
            for target in args.targets:
                try:
                    res = run_via(b, target, args.user, commands, args.host_keys)
                except (paramiko.SSHException, OSError) as exc:
                    log.error("%s: %s", target, exc)
                    report["hosts"][target] = {"error": str(exc)}
                    failures += 1
                    continue
                report["hosts"][target] = res
                print(f"===== {target} =====")
                for cmd, r in res.items():
                    print(f"$ {cmd}  (rc={r['rc']})")
                    print(r["stdout"].rstrip())
    except (paramiko.SSHException, OSError) as exc:
        log.error("bastion %s: %s", args.bastion, exc)
        return 2

    if args.json_out:
        with open(args.json_out, "w") as fh:
            json.dump(report, fh, indent=2)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
