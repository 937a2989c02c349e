#!/usr/bin/env python3
"""Turn a YAML onboarding roster into an LDIF change file for review.

Input:  team roster YAML in the working directory (people, groups, manager).
Output: out/<roster>.ldif  -- reviewed by a directory admin before ldapmodify.

Accounts are created without a password (pwdReset is set) so the first login
goes through the self-service reset flow.
"""
import argparse
import base64
import logging
import re
import sys
from pathlib import Path

import yaml

logger = logging.getLogger("roster2ldif")

UID_RE = re.compile(r"^[a-z][a-z0-9._-]{1,31}$")
DEFAULT_BASE = "dc=example,dc=com"


class RosterError(ValueError):
    pass


def ldif_value(attr: str, value: str) -> str:
    """Emit attr: value, switching to base64 (attr:: ...) when LDIF requires it."""
    needs_b64 = (
        not value.isascii()
        or value.startswith((" ", ":", "<"))
        or value.endswith(" ")
        or "\n" in value
    )
    if needs_b64:
        return f"{attr}:: {base64.b64encode(value.encode('utf-8')).decode('ascii')}"
    return f"{attr}: {value}"


def load_roster(path: Path) -> dict:
    with path.open("r", encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    if not isinstance(data, dict) or "people" not in data:
        raise RosterError(f"{path}: expected a mapping with a 'people' list")
    return data


def person_entry(person: dict, people_ou: str, next_uid: int) -> list:
    uid = str(person.get("uid", "")).lower()
    if not UID_RE.match(uid):
        raise RosterError(f"invalid uid {uid!r}")
    given, sn = person["given_name"], person["surname"]
    lines = [
        f"dn: uid={uid},{people_ou}",
        "changetype: add",
        "objectClass: inetOrgPerson",
        "objectClass: posixAccount",
        ldif_value("cn", f"{given} {sn}"),
        ldif_value("givenName", given),
        ldif_value("sn", sn),
        f"uid: {uid}",
        f"mail: {person.get('mail', uid + '@example.com')}",
        f"uidNumber: {person.get('uid_number', next_uid)}",
        f"gidNumber: {person.get('gid_number', 10000)}",
        f"homeDirectory: /home/{uid}",
        f"loginShell: {person.get('shell', '/bin/bash')}",
        "pwdReset: TRUE",
    ]
    if person.get("title"):
        lines.append(ldif_value("title", person["title"]))
    return lines


def group_changes(groups: dict, people_ou: str, groups_ou: str) -> list:
    blocks = []
    for group, members in sorted(groups.items()):
        block = [f"dn: cn={group},{groups_ou}", "changetype: modify", "add: member"]
        block += [f"member: uid={m},{people_ou}" for m in members]
        block.append("-")
        blocks.append(block)
    return blocks


def render(roster: dict, base_dn: str, first_uid: int) -> str:
    people_ou = f"ou=People,{base_dn}"
    groups_ou = f"ou=Groups,{base_dn}"
    chunks, groups = [], {}
    for offset, person in enumerate(roster["people"]):
        chunks.append(person_entry(person, people_ou, first_uid + offset))
        for g in person.get("groups", []):
            groups.setdefault(g, []).append(person["uid"].lower())
    chunks.extend(group_changes(groups, people_ou, groups_ou))
    header = [f"# generated from roster owned by {roster.get('manager', 'unknown')}", "version: 1"]
    return "\n".join(header) + "\n\n" + "\n\n".join("\n".join(c) for c in chunks) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roster", type=Path)
    ap.add_argument("--base-dn", default=DEFAULT_BASE)
    ap.add_argument("--first-uid", type=int, default=20000)
    ap.add_argument("--out-dir", type=Path, default=Path("out"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    try:
        roster = load_roster(args.roster)
        text = render(roster, args.base_dn, args.first_uid)
    except (OSError, yaml.YAMLError, RosterError, KeyError) as exc:
        logger.error("cannot build LDIF: %s", exc)
        return 1

    args.out_dir.mkdir(parents=True, exist_ok=True)
    target = args.out_dir / (args.roster.stem + ".ldif")
    target.write_text(text, encoding="utf-8")
    logger.info("wrote %s (%d people)", target, len(roster["people"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
