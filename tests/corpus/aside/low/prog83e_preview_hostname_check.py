#!/usr/bin/env python3
"""Check that the docs preview hostnames resolve to this machine.

The versioned docs use per-product subdomains (api.docs.test,
guides.docs.test, ...) and cookie-scoped search, so previews only behave
like production when served under those names. This reads the host list
from docs-preview.toml, reports which ones don't resolve to 127.0.0.1 and
writes the lines you need to add to your hosts file into
preview-hosts.txt.
"""
import argparse
import logging
import socket
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("preview-hosts")

HOSTS_FILE = Path("/etc/hosts")
MARK_BEGIN = "# >>> docs-preview >>>"
MARK_END = "# <<< docs-preview <<<"
DEFAULT_HOSTS = ["docs.test", "api.docs.test", "guides.docs.test"]
SNIPPET_FILE = Path("preview-hosts.txt")


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


def write_snippet(names):
    block = "\n".join([MARK_BEGIN] + [f"127.0.0.1\t{n}" for n in names] + [MARK_END]) + "\n"
    SNIPPET_FILE.write_text(block, encoding="utf-8")
    return block


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=Path("docs-preview.toml"))
    ap.add_argument("-q", "--quiet", action="store_true", help="only set the exit status")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    wanted = configured_hosts(args.config)
    try:
        existing = current_block(HOSTS_FILE.read_text())
    except OSError as exc:
        log.warning("cannot read %s (%s); relying on DNS lookups only", HOSTS_FILE, exc)
        existing = []

    missing = [n for n in wanted if n not in existing and not resolves_locally(n)]
    if not missing:
        log.info("all %d preview hostnames resolve locally", len(wanted))
        return 0

    block = write_snippet(missing)
    log.warning("%d hostname(s) do not resolve to this machine: %s", len(missing), ", ".join(missing))
    if not args.quiet:
        print()
        print(f"Add the following to {HOSTS_FILE} (also saved to {SNIPPET_FILE}):")
        print()
        print(block)
        print("Alternatively serve the preview under *.localhost, which resolves without changes:")
        for name in missing:
            print(f"  http://{name.replace('.test', '.localhost')}:8000/")
    return 1


if __name__ == "__main__":
    sys.exit(main())
