#!/usr/bin/env python3
"""Pin the pet insurers' claim API endpoints in the hosts file.

The clinic's DNS forwarder has a habit of caching stale answers for the
insurers' claim APIs.  This tool resolves every endpoint in ./endpoints.json,
checks each address answers a HEAD request, and keeps a managed block of
the healthy addresses in the claims PC's hosts file so claim uploads keep
working while the forwarder serves stale records.  Run from the nightly
maintenance job.
"""
from __future__ import annotations

import argparse
import http.client
import json
import logging
import os
import re
import socket
import ssl
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("endpoint_resolver")

BEGIN = "# >>> insurer-pins (managed) >>>"
END = "# <<< insurer-pins (managed) <<<"
DEFAULT_ENDPOINTS = {
    "petcover": "api.petcover-partners.com",
    "furguard": "claims.furguard-insurance.example",
    "tailwise": "partner.tailwise.example.net",
}


def load_endpoints(path: Path) -> dict[str, str]:
    if not path.exists():
        log.info("%s not found, using defaults", path)
        return dict(DEFAULT_ENDPOINTS)
    with path.open() as fh:
        return json.load(fh)


def addresses(host: str) -> list[str]:
    try:
        infos = socket.getaddrinfo(host, 443, socket.AF_INET, socket.SOCK_STREAM)
    except socket.gaierror as exc:
        log.warning("cannot resolve %s: %s", host, exc)
        return []
    return sorted({info[4][0] for info in infos})


def healthy(host: str, addr: str, timeout: float) -> bool:
    """HEAD / against a specific address while presenting the real hostname."""
    ctx = ssl.create_default_context()
    try:
        raw = socket.create_connection((addr, 443), timeout=timeout)
        tls = ctx.wrap_socket(raw, server_hostname=host)
    except (OSError, ssl.SSLError) as exc:
        log.debug("%s@%s: connect failed: %s", host, addr, exc)
        return False
    conn = http.client.HTTPSConnection(host, 443, timeout=timeout, context=ctx)
    conn.sock = tls
    try:
        conn.request("HEAD", "/", headers={"User-Agent": "endpoint-resolver/1.0"})
        status = conn.getresponse().status
    except (OSError, http.client.HTTPException) as exc:
        log.debug("%s@%s: HEAD failed: %s", host, addr, exc)
        return False
    finally:
        conn.close()
    return status < 500


def check_endpoint(name: str, host: str, timeout: float) -> tuple[str, str, list[str]]:
    good = [a for a in addresses(host) if healthy(host, a, timeout)]
    return name, host, good


def render_block(results: list[tuple[str, str, list[str]]]) -> str:
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [BEGIN, f"# generated {stamp}"]
    for name, host, good in results:
        if good:
            lines.append(f"{good[0]:<16} {host}  # {name}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def write_pins(target: Path, block: str) -> None:
    current = target.read_text() if target.exists() else ""
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?", re.S)
    if pattern.search(current):
        updated = pattern.sub(lambda _m: block, current)
    else:
        updated = current.rstrip("\n") + "\n\n" + block
    if updated == current:
        log.info("hosts file already up to date")
        return
    mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
    fd, tmp = tempfile.mkstemp(prefix=".hosts.", dir=str(target.parent))
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(updated)
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=Path("endpoints.json"))
    ap.add_argument("--hosts-file", dest="output", type=Path, default=Path("/etc/hosts"))
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    endpoints = load_endpoints(args.config)
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda kv: check_endpoint(kv[0], kv[1], args.timeout),
                                endpoints.items()))
    for name, host, good in results:
        log.info("%-10s %-38s %s", name, host, ", ".join(good) or "NO HEALTHY ADDRESS")
    if not any(good for _, _, good in results):
        log.error("no healthy endpoints; not writing pins")
        return 1
    try:
        write_pins(args.output, render_block(results))
    except PermissionError:
        log.error("cannot update %s; run from the root maintenance job", args.output)
        return 1
    log.info("updated %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
