#!/usr/bin/env python3
"""Sync the on-call sudo grants from an Entra ID group onto this host.

Members of the on-call security group get a narrow set of sudo commands on
application hosts. This tool reads the group from Microsoft Graph, renders the
sudoers.d fragment into ./staging, checks its syntax with visudo and then
puts it in place under /etc/sudoers.d.
"""
import argparse
import difflib
import logging
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import requests

log = logging.getLogger("sudoers-sync")

GRAPH = "https://graph.microsoft.com/v1.0"
LIVE_FRAGMENT = Path("/etc/sudoers.d/40-sso-oncall")
STAGING = Path("staging")
LOGIN_RE = re.compile(r"^[a-z][a-z0-9._-]{0,31}$")


@dataclass
class GrantPolicy:
    group_id: str
    commands: list = field(default_factory=lambda: [
        "/usr/bin/systemctl restart app-*",
        "/usr/bin/systemctl status app-*",
        "/usr/bin/journalctl -u app-*",
    ])
    runas: str = "root"
    nopasswd: bool = True


def graph_token(tenant, client_id, secret):
    resp = requests.post(
        f"https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token",
        data={"grant_type": "client_credentials", "client_id": client_id,
              "client_secret": secret, "scope": "https://graph.microsoft.com/.default"},
        timeout=20)
    resp.raise_for_status()
    return resp.json()["access_token"]


def group_logins(token, group_id):
    url = f"{GRAPH}/groups/{group_id}/transitiveMembers/microsoft.graph.user"
    params = {"$select": "userPrincipalName,accountEnabled,onPremisesSamAccountName"}
    headers = {"Authorization": f"Bearer {token}"}
    while url:
        resp = requests.get(url, params=params, headers=headers, timeout=20)
        resp.raise_for_status()
        body = resp.json()
        for u in body.get("value", []):
            if not u.get("accountEnabled"):
                continue
            login = (u.get("onPremisesSamAccountName") or u["userPrincipalName"].split("@")[0]).lower()
            if LOGIN_RE.match(login):
                yield login
            else:
                log.warning("skipping unusable login %r", login)
        url, params = body.get("@odata.nextLink"), None


def render_fragment(policy, logins):
    lines = ["# Managed by sudoers-grant sync; source group " + policy.group_id, ""]
    lines.append("User_Alias SSO_ONCALL = " + ", ".join(sorted(logins)))
    tag = "NOPASSWD: " if policy.nopasswd else ""
    lines.append(f"SSO_ONCALL ALL=({policy.runas}) {tag}" + ", ".join(policy.commands))
    return "\n".join(lines) + "\n"


def stage(text):
    STAGING.mkdir(exist_ok=True)
    path = STAGING / LIVE_FRAGMENT.name
    path.write_text(text)
    os.chmod(path, 0o600)
    return path


def check_syntax(path):
    proc = subprocess.run(["visudo", "-c", "-q", "-f", str(path)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("visudo rejected %s: %s", path, proc.stderr.strip() or proc.stdout.strip())
        return False
    return True


def show_diff(new_text):
    try:
        old = LIVE_FRAGMENT.read_text()
    except (FileNotFoundError, PermissionError) as exc:
        log.info("cannot read live fragment (%s); showing full file", exc.__class__.__name__)
        old = ""
    diff = difflib.unified_diff(old.splitlines(True), new_text.splitlines(True),
                                fromfile=str(LIVE_FRAGMENT), tofile="staged")
    sys.stdout.writelines(diff)


def promote(staged):
    """Replace the live fragment atomically, keeping sudo's ownership rules."""
    tmp = LIVE_FRAGMENT.with_name("." + LIVE_FRAGMENT.name + ".tmp")
    shutil.copyfile(staged, tmp)
    os.chown(tmp, 0, 0)
    os.chmod(tmp, 0o440)
    os.replace(tmp, LIVE_FRAGMENT)
    log.info("installed %s", LIVE_FRAGMENT)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--group-id", default=os.environ.get("ONCALL_GROUP_ID"))
    ap.add_argument("--tenant", default=os.environ.get("AZURE_TENANT_ID"))
    ap.add_argument("--client-id", default=os.environ.get("AZURE_CLIENT_ID"))
    ap.add_argument("--require-password", action="store_true")
    ap.add_argument("--stage-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    secret = os.environ.get("AZURE_CLIENT_SECRET")
    if not all([args.group_id, args.tenant, args.client_id, secret]):
        log.error("group id, tenant, client id and AZURE_CLIENT_SECRET are required")
        return 2

    policy = GrantPolicy(group_id=args.group_id, nopasswd=not args.require_password)
    try:
        token = graph_token(args.tenant, args.client_id, secret)
        logins = sorted(set(group_logins(token, policy.group_id)))
    except requests.RequestException as exc:
        log.error("Graph request failed: %s", exc)
        return 1
    if not logins:
        log.error("group %s has no enabled members; nothing to stage", policy.group_id)
        return 3

    text = render_fragment(policy, logins)
    staged = stage(text)
    if not check_syntax(staged):
        return 4
    log.info("staged %s with %d users", staged, len(logins))
    show_diff(text)

    if args.stage_only:
        return 0
    try:
        promote(staged)
    except PermissionError:
        log.error("need root to write %s; re-run under sudo", LIVE_FRAGMENT)
        return 5
    return 0


if __name__ == "__main__":
    sys.exit(main())
