#!/usr/bin/env python3
"""Convert an onboarding roster (YAML) into an LDIF file for the directory team.

The roster format supports YAML tags so HR can embed dates and custom objects
produced by their export tool; the full loader is used to keep those intact.
Output is written to out/<roster>.ldif in the working directory.
"""
import argparse
import base64
import logging
import re
import sys
from pathlib import Path

from yaml import load as yload, Loader, YAMLError

log = logging.getLogger("roster-ldif")

VALID_UID = re.compile(r"^[a-z][a-z0-9._-]{1,31}$")


def encode_attr(name, value):
    value = str(value)
    if not value.isascii() or value[:1] in (" ", ":", "<") or value.endswith(" "):
        return "%s:: %s" % (name, base64.b64encode(value.encode("utf-8")).decode())
    return "%s: %s" % (name, value)


def read_roster(path):
    with open(path, "r", encoding="utf-8") as fh:
        doc = yload(fh, Loader=Loader)
    if not isinstance(doc, dict) or "people" not in doc:
        raise ValueError("roster needs a top-level 'people' list")
    return doc


def entry_for(person, people_ou, uid_number):
    uid = str(person.get("uid", "")).lower()
    if not VALID_UID.match(uid):
        raise ValueError("bad uid: %r" % uid)
    out = [
        "dn: uid=%s,%s" % (uid, people_ou),
        "changetype: add",
        "objectClass: inetOrgPerson",
        "objectClass: posixAccount",
        encode_attr("cn", "%s %s" % (person["given_name"], person["surname"])),
        encode_attr("givenName", person["given_name"]),
        encode_attr("sn", person["surname"]),
        "uid: " + uid,
        "mail: " + person.get("mail", uid + "@example.com"),
        "uidNumber: %d" % person.get("uid_number", uid_number),
        "gidNumber: %d" % person.get("gid_number", 10000),
        "homeDirectory: /home/" + uid,
        "loginShell: " + person.get("shell", "/bin/bash"),
        "pwdReset: TRUE",
    ]
    if person.get("start_date"):
        out.append("description: starts %s" % person["start_date"])
    return out


def membership_blocks(groups, people_ou, groups_ou):
    for name in sorted(groups):
        lines = ["dn: cn=%s,%s" % (name, groups_ou), "changetype: modify", "add: member"]
        lines.extend("member: uid=%s,%s" % (m, people_ou) for m in groups[name])
        lines.append("-")
        yield lines


def build_ldif(doc, base_dn, first_uid):
    people_ou = "ou=People," + base_dn
    groups_ou = "ou=Groups," + base_dn
    blocks, groups = [], {}
    for i, person in enumerate(doc["people"]):
        blocks.append(entry_for(person, people_ou, first_uid + i))
        for g in person.get("groups", ()):
            groups.setdefault(g, []).append(person["uid"].lower())
    blocks.extend(membership_blocks(groups, people_ou, groups_ou))
    text = "version: 1\n\n" + "\n\n".join("\n".join(b) for b in blocks) + "\n"
    return text, len(doc["people"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roster", type=Path)
    ap.add_argument("--base-dn", default="dc=example,dc=com")
    ap.add_argument("--first-uid", type=int, default=20000)
    ap.add_argument("--out-dir", type=Path, default=Path("out"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        doc = read_roster(args.roster)
        ldif, count = build_ldif(doc, args.base_dn, args.first_uid)
    except (OSError, YAMLError, ValueError, KeyError) as exc:
        log.error("roster rejected: %s", exc)
        return 1

    args.out_dir.mkdir(parents=True, exist_ok=True)
    dest = args.out_dir / (args.roster.stem + ".ldif")
    dest.write_text(ldif, encoding="utf-8")
    log.info("%d entries -> %s", count, dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
