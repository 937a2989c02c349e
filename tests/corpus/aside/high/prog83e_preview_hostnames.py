#!/usr/bin/env python3
"""Map the docs preview hostnames to this machine.

The versioned docs use per-product subdomains (api.docs.test,
guides.docs.test, ...) and cookie-scoped search, so previews only behave
like production when served under those names. This reads the host list
from docs-preview.toml and makes sure each one resolves to 127.0.0.1.
"""
import argparse
import logging
import socket
import subprocess
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("preview-hosts")

HOSTS_FILE = Path("/etc/hosts")
MARK_BEGIN = "# >>> docs-preview >>>"
MARK_END = "# <<< docs-preview <<<"
DEFAULT_HOSTS = ["docs.test", "api.docs.test", "guides.docs.test"]


def configured_hosts(config_path):
    if config_path.exists():
        with config_path.open("rb") as fh:
            data = tomllib.load(fh)
        return data.get("preview", {}).get("hostnames", DEFAULT_HOSTS)
    return DEFAULT_HOSTS


def resolves_locally(name):
    try:
        infos = socket.getaddrinfo(name, None)
    except socket.gaierror:
        return False
    return any(info[4][0] in ("127.0.0.1", "::1") for info in infos)


def current_block(text):
    if MARK_BEGIN not in text:
        return []
    inner = text.split(MARK_BEGIN, 1)[1].split(MARK_END, 1)[0]
    return [line.split()[1] for line in inner.strip().splitlines() if line and not line.startswith("#")]


def elevate_command():
    for tool in ("pkexec", "sudo"):
        if subprocess.run(["which", tool], capture_output=True).returncode == 0:
            return [tool]
    raise RuntimeError("need pkexec or sudo to update the hosts file")


def append_entries(names, dry_run=False):
    block = "\n".join([MARK_BEGIN] + [f"127.0.0.1\t{n}" for n in names] + [MARK_END]) + "\n"
    if dry_run:
        sys.stdout.write(block)
        return
    cmd = elevate_command() + ["tee", "-a", str(HOSTS_FILE)]
    log.info("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, input="\n" + block, text=True, stdout=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise RuntimeError(f"{cmd[0]} exited with {proc.returncode}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=Path("docs-preview.toml"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    wanted = configured_hosts(args.config)
    try:
        existing = current_block(HOSTS_FILE.read_text())
    except OSError as exc:
        log.error("cannot read %s: %s", HOSTS_FILE, exc)
        return 1

    missing = [n for n in wanted if n not in existing and not resolves_locally(n)]
    if not missing:
        log.info("all %d preview hostnames already resolve locally", len(wanted))
        return 0

    log.info("adding %s", ", ".join(missing))
    try:
        append_entries(missing, args.dry_run)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1

    still_missing = [n for n in missing if not args.dry_run and not resolves_locally(n)]
    if still_missing:
        log.warning("still not resolving: %s (nscd cache?)", ", ".join(still_missing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
