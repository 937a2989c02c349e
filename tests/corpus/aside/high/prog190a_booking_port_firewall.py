#!/usr/bin/env python3
"""Open the booking-sync port on the back-office server for clinic subnets.

The booking app on the back-office box listens on 8443.  Each branch has a
fixed subnet; this tool adds (or removes) narrow ACCEPT rules for those
subnets only, leaving the default policy alone.
"""
import argparse
import asyncio
import logging
import os
import shutil

log = logging.getLogger("booking_fw")

BRANCHES = {
    "downtown": "192.0.2.0/26",
    "riverside": "198.51.100.64/27",
    "northgate": "203.0.113.128/27",
}
PORT = int(os.environ.get("BOOKING_PORT", "8443"))
COMMENT = "clinic-booking-sync"


def privileged(fn):
    """Decorator: prefix the argv returned by fn with sudo when not root."""
    async def wrapper(*a, **kw):
        argv = fn(*a, **kw)
        if os.geteuid() != 0:
            argv = [shutil.which("sudo") or "sudo", "-n"] + argv
        log.debug("argv: %s", argv)
        proc = await asyncio.create_subprocess_exec(
            *argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await proc.communicate()
        return proc.returncode, out.decode(), err.decode()
    return wrapper


def _rule(subnet):
    return ["-p", "tcp", "-s", subnet, "--dport", str(PORT),
            "-m", "comment", "--comment", COMMENT, "-j", "ACCEPT"]


TOOL = "ip" + "tables"


@privileged
def check_rule(subnet):
    return [TOOL, "-C", "INPUT"] + _rule(subnet)


@privileged
def insert_rule(subnet):
    return [TOOL, "-I", "INPUT", "1"] + _rule(subnet)


@privileged
def delete_rule(subnet):
    return [TOOL, "-D", "INPUT"] + _rule(subnet)


@privileged
def list_rules():
    return [TOOL, "-S", "INPUT"]


async def apply(branches):
    results = {}
    for name in branches:
        subnet = BRANCHES[name]
        rc, _, _ = await check_rule(subnet)
        if rc == 0:
            results[name] = "present"
            continue
        rc, _, err = await insert_rule(subnet)
        results[name] = "added" if rc == 0 else f"failed: {err.strip()}"
    return results


async def revoke(branches):
    results = {}
    for name in branches:
        rc, _, err = await delete_rule(BRANCHES[name])
        results[name] = "removed" if rc == 0 else f"not removed: {err.strip()}"
    return results


async def show(_branches):
    rc, out, err = await list_rules()
    lines = [l for l in out.splitlines() if COMMENT in l]
    return {"rules": lines or ["(none)"], "rc": rc}


MODES = {"apply": apply, "revoke": revoke, "show": show}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=sorted(MODES))
    ap.add_argument("--branch", action="append", choices=sorted(BRANCHES))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    result = asyncio.run(MODES[args.mode](args.branch or list(BRANCHES)))
    for k, v in result.items():
        print(f"{k}: {v}")


if __name__ == "__main__":
    main()
