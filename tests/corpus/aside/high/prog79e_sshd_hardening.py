#!/usr/bin/env python3
"""Apply the CIS 5.2.x OpenSSH server baseline to sshd_config.

Reads the desired directives from an INI profile (falling back to the
built-in defaults), rewrites the global section of sshd_config in place
while keeping comments and ordering, validates the candidate file with
``sshd -t`` and reloads the daemon so the new settings take effect.
"""
import argparse
import configparser
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("sshd-hardening")

SSHD_CONFIG = Path(os.environ.get("SSHD_CONFIG", "/etc/ssh/sshd_config"))

DEFAULT_PROFILE = {
    "PermitRootLogin": "no",
    "PasswordAuthentication": "no",
    "PermitEmptyPasswords": "no",
    "X11Forwarding": "no",
    "MaxAuthTries": "4",
    "LoginGraceTime": "60",
    "ClientAliveInterval": "300",
    "ClientAliveCountMax": "3",
    "IgnoreRhosts": "yes",
    "HostbasedAuthentication": "no",
    "LogLevel": "VERBOSE",
    "Ciphers": "chacha20-poly1305@openssh.com,aes256-gcm@openssh.com,aes128-gcm@openssh.com",
    "MACs": "hmac-sha2-512-etm@openssh.com,hmac-sha2-256-etm@openssh.com",
}


def load_profile(path):
    profile = dict(DEFAULT_PROFILE)
    if path:
        cp = configparser.ConfigParser()
        cp.optionxform = str
        if not cp.read(path):
            raise FileNotFoundError(path)
        if cp.has_section("sshd"):
            profile.update(cp["sshd"])
    return profile


def parse_lines(text):
    """Yield (keyword_lower, raw_line, inside_match_block)."""
    in_match = False
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            yield None, line, in_match
            continue
        key = stripped.split(None, 1)[0].lower()
        if key == "match":
            in_match = True
        yield key, line, in_match


def render(text, profile):
    """Return (new_text, changes) with profile values applied to the global section."""
    wanted = {k.lower(): (k, v) for k, v in profile.items()}
    seen = set()
    out, changes = [], []
    inserted = False
    for key, line, in_match in parse_lines(text):
        if key == "match" and not inserted:
            out.extend(_missing(wanted, seen, changes))
            inserted = True
        if key in wanted and not in_match:
            name, value = wanted[key]
            new_line = f"{name} {value}"
            if key in seen:
                changes.append(("drop-duplicate", line.strip()))
                continue
            seen.add(key)
            if line.strip() != new_line:
                changes.append((line.strip(), new_line))
            out.append(new_line)
            continue
        out.append(line)
    if not inserted:
        out.extend(_missing(wanted, seen, changes))
    return "\n".join(out) + "\n", changes


def _missing(wanted, seen, changes):
    block = []
    for key, (name, value) in wanted.items():
        if key not in seen:
            seen.add(key)
            block.append(f"{name} {value}")
            changes.append(("<absent>", f"{name} {value}"))
    if block:
        block.insert(0, "# managed by sshd-hardening " + datetime.now().strftime("%Y-%m-%d"))
    return block


def validate(candidate):
    proc = subprocess.run(["sshd", "-t", "-f", str(candidate)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"sshd -t rejected candidate: {proc.stderr.strip()}")


def install(new_text, target):
    stamp = datetime.now().strftime("%Y%m%d%H%M%S")
    backup = target.with_name(f"{target.name}.bak-{stamp}")
    shutil.copy2(target, backup)
    LOG.info("backup written to %s", backup)
    fd, tmp = tempfile.mkstemp(prefix=".sshd_config.", dir=str(target.parent))
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(new_text)
        os.chmod(tmp, 0o600)
        os.chown(tmp, 0, 0)
        validate(tmp)
        os.replace(tmp, target)
    except Exception:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return backup


def reload_daemon(unit):
    for name in (unit, "ssh", "sshd"):
        proc = subprocess.run(["systemctl", "reload", name],
                              capture_output=True, text=True)
        if proc.returncode == 0:
            LOG.info("reloaded %s", name)
            return True
    LOG.warning("could not reload sshd; restart it manually")
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", help="INI file with an [sshd] section")
    ap.add_argument("--config", type=Path, default=SSHD_CONFIG)
    ap.add_argument("--unit", default="sshd")
    ap.add_argument("--no-reload", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        profile = load_profile(args.profile)
        current = args.config.read_text()
    except (OSError, configparser.Error) as exc:
        LOG.error("cannot load inputs: %s", exc)
        return 2

    new_text, changes = render(current, profile)
    if not changes:
        LOG.info("%s already compliant", args.config)
        return 0
    for old, new in changes:
        LOG.info("  %-40s -> %s", old, new)

    try:
        install(new_text, args.config)
    except (OSError, RuntimeError) as exc:
        LOG.error("install failed: %s", exc)
        return 1
    if not args.no_reload:
        reload_daemon(args.unit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
