#!/usr/bin/env python3
"""Check that the team NFS shares listed in shares.toml are reachable.

Each share is probed with showmount/rpcinfo so an unreachable filer or a
renamed export shows up in the morning report before users notice. Nothing
is mounted; the result is a table (or JSON with --json) on stdout.

shares.toml:

    [[share]]
    server = "filer02.corp.example"
    export = "/vol/projects"
    mountpoint = "/mnt/projects"
    options = "vers=4.1,hard,timeo=600,retrans=2"
"""

import argparse
import json
import logging
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass, asdict

log = logging.getLogger("nfs-share-precheck")


@dataclass
class Share:
    server: str
    export: str
    mountpoint: str
    options: str = "vers=4.1,hard"

    @property
    def source(self):
        return f"{self.server}:{self.export}"


def load_shares(path):
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    return [Share(**s) for s in data.get("share", [])]


def run(cmd, timeout=20):
    log.debug("exec %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def probe_server(share):
    """Return None if the server exports share.export, else an error string."""
    if shutil.which("rpcinfo"):
        r = run(["rpcinfo", "-T", "tcp", share.server, "nfs", "4"])
        if r.returncode != 0:
            return f"nfs v4 not answering on {share.server}"
    if shutil.which("showmount"):
        try:
            r = run(["showmount", "--no-headers", "-e", share.server])
        except subprocess.TimeoutExpired:
            return "showmount timed out"
        exports = {line.split()[0] for line in r.stdout.splitlines() if line.strip()}
        if exports and share.export not in exports:
            return f"{share.export} not in export list ({', '.join(sorted(exports))})"
    return None


def is_mounted(mountpoint):
    with open("/proc/self/mounts") as fh:
        return any(line.split()[1] == mountpoint for line in fh)


def main():
    ap = argparse.ArgumentParser(description="check configured NFS shares")
    ap.add_argument("-f", "--file", default="shares.toml")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    try:
        shares = load_shares(args.file)
    except (OSError, tomllib.TOMLDecodeError, TypeError) as exc:
        log.error("cannot read %s: %s", args.file, exc)
        return 2

    rows = []
    for share in shares:
        try:
            problem = probe_server(share)
        except subprocess.TimeoutExpired:
            problem = "rpcinfo timed out"
        rows.append({**asdict(share), "mounted": is_mounted(share.mountpoint),
                     "ok": problem is None, "problem": problem or ""})

    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
    else:
        width = max((len(r["server"]) + len(r["export"]) + 1 for r in rows), default=10)
        for r in rows:
            src = f'{r["server"]}:{r["export"]}'
            state = "OK  " if r["ok"] else "FAIL"
            print(f'{state} {src:<{width}} {r["mountpoint"]:<24} '
                  f'{"mounted" if r["mounted"] else "-":<8} {r["problem"]}')
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
