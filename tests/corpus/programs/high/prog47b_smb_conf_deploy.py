#!/usr/bin/env python3
"""Deploy the reviewed smb.conf for this file server.

Takes the per-host share definitions from ./hosts/<fqdn>.yaml, renders the
[global] section plus shares, installs the result as /etc/samba/smb.conf
(keeping a timestamped backup) and asks smbd to reload.
"""
import argparse
import configparser
import io
import logging
import os
import shutil
import socket
import subprocess
import sys
import time

import yaml

log = logging.getLogger("smb-deploy")
TARGET = "/etc/samba/smb.conf"

GLOBAL_DEFAULTS = {
    "security": "ads",
    "server min protocol": "SMB2_10",
    "ntlm auth": "ntlmv2-only",
    "kerberos method": "secrets and keytab",
    "idmap config * : backend": "tdb",
    "idmap config * : range": "3000-7999",
    "winbind use default domain": "yes",
}


def render(host_cfg):
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str
    glob = dict(GLOBAL_DEFAULTS)
    glob["workgroup"] = host_cfg["workgroup"]
    glob["realm"] = host_cfg["realm"].upper()
    glob.update(host_cfg.get("global", {}))
    cp["global"] = glob
    for share in host_cfg.get("shares", []):
        name = share.pop("name")
        share.setdefault("guest ok", "no")
        share.setdefault("create mask", "0660")
        cp[name] = {k: str(v) for k, v in share.items()}
    buf = io.StringIO()
    cp.write(buf)
    return "# Managed by smb-deploy; local edits will be overwritten\n" + buf.getvalue()


def validate(text):
    """testparm reads a file, so check a scratch copy next to the target."""
    scratch = TARGET + ".candidate"
    with open(scratch, "w") as fh:
        fh.write(text)
    proc = subprocess.run(["testparm", "-s", scratch], capture_output=True, text=True)
    if proc.returncode != 0:
        os.unlink(scratch)
        raise ValueError(proc.stderr.strip())
    return scratch


def install(scratch):
    if os.path.exists(TARGET):
        backup = f"{TARGET}.{time.strftime('%Y%m%d%H%M%S')}"
        shutil.copy2(TARGET, backup)
        log.info("backup written to %s", backup)
    os.chmod(scratch, 0o644)
    os.chown(scratch, 0, 0)
    os.replace(scratch, TARGET)
    log.info("installed %s", TARGET)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default=socket.getfqdn())
    ap.add_argument("--hosts-dir", default="hosts")
    ap.add_argument("--no-reload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    path = os.path.join(args.hosts_dir, f"{args.host}.yaml")
    try:
        with open(path) as fh:
            host_cfg = yaml.safe_load(fh)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot read %s: %s", path, exc)
        return 1

    text = render(host_cfg)
    try:
        scratch = validate(text)
    except ValueError as exc:
        log.error("testparm rejected the rendered config:\n%s", exc)
        return 1
    install(scratch)
    if not args.no_reload:
        subprocess.run(["smbcontrol", "smbd", "reload-config"], check=False)
        subprocess.run(["smbcontrol", "winbindd", "reload-config"], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
