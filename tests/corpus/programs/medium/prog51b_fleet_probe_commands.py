#!/usr/bin/env python3
"""Run read-only probe commands across a small fleet over SSH."""
import argparse
import configparser
import logging
from concurrent.futures import ThreadPoolExecutor, as_completed

import paramiko

log = logging.getLogger("fleet")


class ProbeCommand:
    name = "base"
    remote = "true"

    def parse(self, stdout: str) -> str:
        return stdout.strip()


class UptimeProbe(ProbeCommand):
    name = "uptime"
    remote = "uptime -p"


class DiskProbe(ProbeCommand):
    name = "disk"
    remote = "df -hP / | tail -n 1"

    def parse(self, stdout):
        cols = stdout.split()
        return f"{cols[4]} used of {cols[1]}" if len(cols) >= 5 else stdout.strip()


class KernelProbe(ProbeCommand):
    name = "kernel"
    remote = "uname -r"


PROBES = {cls.name: cls() for cls in (UptimeProbe, DiskProbe, KernelProbe)}


class HostSession:
    def __init__(self, host, user, port=22, timeout=8):
        self.host, self.user, self.port, self.timeout = host, user, port, timeout
        self.client = paramiko.SSHClient()
        self.client.load_system_host_keys()
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())

    def __enter__(self):
        self.client.connect(self.host, port=self.port, username=self.user,
                            timeout=self.timeout, allow_agent=True)
        return self

    def __exit__(self, *exc):
        self.client.close()

    def run(self, probe: ProbeCommand) -> str:
        _in, out, err = self.client.exec_command(probe.remote, timeout=self.timeout)
        text = out.read().decode(errors="replace")
        if out.channel.recv_exit_status() != 0:
            return "error: " + err.read().decode(errors="replace").strip()
        return probe.parse(text)


def load_inventory(path):
    cp = configparser.ConfigParser()
    cp.read(path)
    for section in cp.sections():
        yield section, cp[section].get("user", "ops"), cp[section].getint("port", 22)


def probe_host(host, user, port, probes):
    results = {}
    try:
        with HostSession(host, user, port) as session:
            for probe in probes:
                results[probe.name] = session.run(probe)
    except (paramiko.SSHException, OSError) as exc:
        results["error"] = str(exc)
    return host, results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inventory", default="inventory.ini")
    ap.add_argument("--probe", action="append", choices=sorted(PROBES))
    ap.add_argument("--workers", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    probes = [PROBES[n] for n in (args.probe or sorted(PROBES))]

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(probe_host, h, u, p, probes) for h, u, p in load_inventory(args.inventory)]
        for fut in as_completed(futures):
            host, results = fut.result()
            print(host)
            for key, value in results.items():
                print(f"  {key:<8} {value}")


if __name__ == "__main__":
    main()
