#!/usr/bin/env python3
"""Re-sign this machine's SSH host keys with the team host CA and activate the certs.

The CA private key lives in the ops checkout (./ca/host_ca); certificates are
installed next to the host keys in /etc/ssh and sshd is reloaded.
"""
import argparse
import logging
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("host-cert")
SSH_DIR = Path("/etc/ssh")
DROPIN = SSH_DIR / "sshd_config.d" / "60-host-certificates.conf"
KEY_TYPES = ("ed25519", "ecdsa", "rsa")


def run(cmd, **kw):
    log.debug("exec: %s", " ".join(map(str, cmd)))
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kw)


def principals(extra):
    fqdn = socket.getfqdn()
    short = fqdn.split(".")[0]
    names = {fqdn, short, *extra}
    return ",".join(sorted(n for n in names if n))


def sign_one(ca_key: Path, pubkey: Path, princ: str, validity: str, serial: int) -> Path:
    with tempfile.TemporaryDirectory(prefix="hostcert-") as work:
        staged = Path(work) / pubkey.name
        shutil.copy2(pubkey, staged)
        run(["ssh-keygen", "-q", "-s", str(ca_key), "-h", "-I", f"{socket.gethostname()}-{pubkey.stem}",
             "-n", princ, "-V", validity, "-z", str(serial), str(staged)])
        cert = staged.with_name(staged.name.replace(".pub", "-cert.pub"))
        target = SSH_DIR / cert.name
        shutil.copyfile(cert, target)
    os.chown(target, 0, 0)
    os.chmod(target, 0o644)
    return target


def write_dropin(certs):
    lines = ["# managed by host-cert resign tool"]
    lines += [f"HostCertificate {c}" for c in certs]
    DROPIN.parent.mkdir(parents=True, exist_ok=True)
    DROPIN.write_text("\n".join(lines) + "\n")
    os.chmod(DROPIN, 0o644)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ca", default="ca/host_ca")
    ap.add_argument("--validity", default="-5m:+52w")
    ap.add_argument("--serial", type=int, default=int.from_bytes(os.urandom(4), "big"))
    ap.add_argument("--principal", action="append", default=[])
    ap.add_argument("--no-reload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("must run as root to write %s", SSH_DIR)
        return 1
    ca_key = Path(args.ca)
    if not ca_key.is_file():
        log.error("CA key %s not found", ca_key)
        return 1

    princ = principals(args.principal)
    installed = []
    for kt in KEY_TYPES:
        pub = SSH_DIR / f"ssh_host_{kt}_key.pub"
        if not pub.exists():
            continue
        try:
            installed.append(sign_one(ca_key, pub, princ, args.validity, args.serial))
            log.info("signed %s for %s", pub.name, princ)
        except subprocess.CalledProcessError as exc:
            log.error("ssh-keygen failed for %s: %s", pub, exc.stderr.strip())

    if not installed:
        log.error("no host keys signed")
        return 2
    write_dropin(installed)
    run(["sshd", "-t"])
    if not args.no_reload:
        run(["systemctl", "reload", "ssh.service"])
        log.info("sshd reloaded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
