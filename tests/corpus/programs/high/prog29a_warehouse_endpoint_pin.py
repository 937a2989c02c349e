#!/usr/bin/env python3
"""Pin the warehouse private-link endpoints in /etc/hosts.

The ETL workers sit in a VPC whose resolver occasionally returns the
public address of the warehouse account, which the firewall drops.
This job resolves the private-link names through the internal resolver
map (endpoints.toml) and maintains a managed block in /etc/hosts so the
loaders always reach the private addresses.
"""
import argparse
import ipaddress
import logging
import os
import re
import sys
import tempfile

try:
    import tomllib
except ModuleNotFoundError:  # python < 3.11
    import tomli as tomllib

logger = logging.getLogger("endpoint_pin")

HOSTS_FILE = "/etc/hosts"
BEGIN = "# >>> etl-warehouse-endpoints (managed) >>>"
END = "# <<< etl-warehouse-endpoints (managed) <<<"
BLOCK_RE = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?", re.S)


def read_endpoints(path):
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    pins = []
    for name, spec in data.get("endpoints", {}).items():
        addr = ipaddress.ip_address(spec["address"])
        if not addr.is_private:
            raise ValueError(f"{name}: {addr} is not a private address")
        hostnames = spec.get("hostnames") or [name]
        pins.append((str(addr), sorted(set(hostnames))))
    return sorted(pins)


def render_block(pins):
    lines = [BEGIN]
    for addr, names in pins:
        lines.append(f"{addr}\t{' '.join(names)}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def apply_block(current: str, block: str) -> str:
    if BLOCK_RE.search(current):
        return BLOCK_RE.sub(block, current, count=1)
    if current and not current.endswith("\n"):
        current += "\n"
    return current + block


def atomic_write(path, content):
    directory = os.path.dirname(path)
    st = os.stat(path)
    fd, tmp = tempfile.mkstemp(prefix=".hosts.", dir=directory)
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(content)
        os.chmod(tmp, st.st_mode & 0o777)
        os.chown(tmp, st.st_uid, st.st_gid)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--endpoints", default="config/endpoints.toml")
    ap.add_argument("--remove", action="store_true", help="drop the managed block")
    ap.add_argument("--diff", action="store_true", help="print the result, don't write")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    with open(HOSTS_FILE) as fh:
        current = fh.read()

    if args.remove:
        updated = BLOCK_RE.sub("", current)
    else:
        try:
            pins = read_endpoints(args.endpoints)
        except (OSError, ValueError, KeyError) as exc:
            logger.error("bad endpoints file: %s", exc)
            return 2
        for addr, names in pins:
            logger.info("pin %s -> %s", ", ".join(names), addr)
        updated = apply_block(current, render_block(pins))

    if updated == current:
        logger.info("%s already up to date", HOSTS_FILE)
        return 0
    if args.diff:
        sys.stdout.write(updated)
        return 0
    try:
        atomic_write(HOSTS_FILE, updated)
    except PermissionError:
        logger.error("no permission to modify %s (run as root)", HOSTS_FILE)
        return 3
    logger.info("updated %s", HOSTS_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
