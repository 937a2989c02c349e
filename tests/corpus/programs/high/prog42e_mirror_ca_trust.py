#!/usr/bin/env python3
"""Trust the internal package mirror's CA system-wide.

Instead of running pip/npm with verification disabled, this tool fetches the
mirror's CA certificate, checks its SHA-256 fingerprint against the value
published by the platform team, installs it into the system trust store and
rebuilds the bundle (polkit prompts for the admin password).
"""
import argparse
import hashlib
import logging
import shutil
import ssl
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("ca-trust")

TRUST_DIRS = {
    "debian": (Path("/usr/local/share/ca-certificates"), ["update-ca-certificates"]),
    "rhel": (Path("/etc/pki/ca-trust/source/anchors"), ["update-ca-trust", "extract"]),
}


def detect_family() -> str:
    try:
        text = Path("/etc/os-release").read_text()
    except OSError:
        return "debian"
    ids = ""
    for line in text.splitlines():
        if line.startswith(("ID=", "ID_LIKE=")):
            ids += " " + line.split("=", 1)[1].strip('"')
    return "rhel" if any(x in ids for x in ("rhel", "fedora", "centos")) else "debian"


def fetch_pem(host: str, port: int, path: str | None) -> str:
    if path:
        return Path(path).read_text()
    log.info("fetching certificate presented by %s:%d", host, port)
    return ssl.get_server_certificate((host, port))


def fingerprint(pem: str) -> str:
    der = ssl.PEM_cert_to_DER_cert(pem)
    return hashlib.sha256(der).hexdigest()


def elevate(argv: list) -> None:
    runner = shutil.which("pkexec") or shutil.which("sudo")
    if runner is None:
        raise RuntimeError("neither pkexec nor sudo available")
    log.debug("running %s %s", runner, " ".join(argv))
    subprocess.run([runner, *argv], check=True)


def install(pem: str, name: str, family: str, dry_run: bool) -> Path:
    anchor_dir, refresh = TRUST_DIRS[family]
    dest = anchor_dir / f"{name}.crt"
    with tempfile.NamedTemporaryFile("w", suffix=".crt", delete=False) as tmp:
        tmp.write(pem)
        staged = tmp.name
    if dry_run:
        log.info("would install %s -> %s and run %s", staged, dest, refresh)
        return dest
    try:
        elevate(["install", "-D", "-m", "0644", "-o", "root", "-g", "root",
                 staged, str(dest)])
        elevate(refresh)
    finally:
        Path(staged).unlink(missing_ok=True)
    return dest


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="pypi-mirror.acme-corp.internal")
    ap.add_argument("--port", type=int, default=443)
    ap.add_argument("--pem", help="use a local PEM file instead of the server's")
    ap.add_argument("--expect-sha256", required=True,
                    help="fingerprint published by the platform team")
    ap.add_argument("--name", default="acme-package-mirror")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    pem = fetch_pem(args.host, args.port, args.pem)
    got = fingerprint(pem)
    want = args.expect_sha256.replace(":", "").lower()
    if got != want:
        log.error("fingerprint mismatch: got %s, expected %s", got, want)
        return 3
    family = detect_family()
    try:
        dest = install(pem, args.name, family, args.dry_run)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("installation failed: %s", exc)
        return 1
    log.info("mirror CA installed as %s (%s trust store)", dest, family)
    return 0


if __name__ == "__main__":
    sys.exit(main())
