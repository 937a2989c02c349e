#!/usr/bin/env python3
"""Audit a user's ~/.ssh directory against the workstation key policy.

Checks directory and file modes, key algorithms and RSA modulus sizes
(parsed from the public halves), authorized_keys options and a few client
options in ~/.ssh/config. Writes a JSON report next to the caller.
"""
import argparse
import base64
import getpass
import hashlib
import json
import logging
import os
import socket
import stat
import struct
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

log = logging.getLogger("ssh-key-audit")

MIN_RSA_BITS = 3072
DEPRECATED = {"ssh-dss", "ssh-rsa-cert-v01@openssh.com"}
RISKY_CLIENT_OPTS = {
    "stricthostkeychecking": {"no", "off"},
    "forwardagent": {"yes"},
    "userknownhostsfile": {"/dev/null"},
}


@dataclass
class KeyInfo:
    path: str
    algorithm: str
    bits: int
    fingerprint: str
    comment: str
    private_mode: str = ""
    encrypted: bool = False


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
    _, off = _read_string(blob, off)       # exponent
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


def private_is_encrypted(priv_path):
    head = priv_path.read_text(errors="replace")[:4096]
    if "Proc-Type: 4,ENCRYPTED" in head or "ENCRYPTED PRIVATE KEY" in head:
        return True
    if "OPENSSH PRIVATE KEY" in head:
        body = "".join(head.splitlines()[1:-1])
        raw = base64.b64decode(body + "===")
        return b"none" not in raw[15:40]
    return False


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
            info.encrypted = private_is_encrypted(priv)
            if mode & 0o077:
                report.add("high", priv, f"private key mode {oct(mode)} is group/world accessible")
            if not info.encrypted:
                report.add("medium", priv, "private key has no passphrase")
        if info.algorithm in DEPRECATED:
            report.add("high", pub, f"deprecated algorithm {info.algorithm}")
        elif info.algorithm == "ssh-rsa" and info.bits < MIN_RSA_BITS:
            report.add("medium", pub, f"RSA key is {info.bits} bits (< {MIN_RSA_BITS})")
        report.keys.append(asdict(info))


def audit_client_config(ssh_dir, report):
    cfg = ssh_dir / "config"
    if not cfg.exists():
        return
    for no, line in enumerate(cfg.read_text().splitlines(), 1):
        parts = line.strip().split(None, 1)
        if len(parts) != 2 or parts[0].startswith("#"):
            continue
        key, value = parts[0].lower(), parts[1].strip().lower()
        if value in RISKY_CLIENT_OPTS.get(key, ()):
            report.add("medium", f"{cfg}:{no}", f"{parts[0]} {parts[1]}")


def audit_authorized_keys(ssh_dir, report):
    ak = ssh_dir / "authorized_keys"
    if not ak.exists():
        return
    if stat.S_IMODE(ak.stat().st_mode) & 0o022:
        report.add("high", ak, "authorized_keys writable by group/others")
    for no, line in enumerate(ak.read_text().splitlines(), 1):
        if line.strip() and not line.startswith("#") and 'from="' not in line:
            report.add("info", f"{ak}:{no}", "entry has no from= restriction")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ssh-dir", type=Path, default=Path.home() / ".ssh")
    ap.add_argument("--output", type=Path, default=Path("ssh_audit_report.json"))
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
    audit_client_config(args.ssh_dir, report)

    args.output.write_text(json.dumps(asdict(report), indent=2))
    os.chmod(args.output, 0o600)
    log.warning("%d findings written to %s", len(report.findings), args.output)
    return 1 if any(f["severity"] == "high" for f in report.findings) else 0


if __name__ == "__main__":
    sys.exit(main())
