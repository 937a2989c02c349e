#!/usr/bin/env python3
"""Pin the practice management server's name to whichever node is healthy.

The surgery has a primary and a standby PMS server; the clinical software on
the reception PCs only takes a hostname. This probes each candidate's health
endpoint and points the hostname at the first healthy one in the local
hosts file, inside a marked block so manual entries are left alone.
"""

import argparse
import configparser
import logging
import os
import sys
import tempfile
import time

import requests

log = logging.getLogger("pms_pin")

HOSTS_FILE = "/etc/hosts"
BEGIN = "# >>> pms-pin managed block >>>"
END = "# <<< pms-pin managed block <<<"


def load_candidates(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise SystemExit(f"config {path} not found")
    sect = cp["pms"]
    names = [n.strip() for n in sect.get("hostnames", "pms.surgery.lan").split(",") if n.strip()]
    nodes = [n.strip() for n in sect["nodes"].split(",") if n.strip()]
    return names, nodes, sect.get("health_path", "/api/health"), sect.getint("port", 8443)


def healthy(ip, port, path, attempts=2):
    url = f"https://{ip}:{port}{path}"
    for n in range(attempts):
        try:
            r = requests.get(url, timeout=5)
            if r.ok and r.json().get("status") == "up":
                return True
            log.debug("%s answered %s", ip, r.status_code)
        except (requests.RequestException, ValueError) as exc:
            log.debug("%s attempt %d: %s", ip, n + 1, exc)
        time.sleep(1)
    return False


def render_block(ip, names):
    return [BEGIN + "\n", f"{ip}\t{' '.join(names)}\n", END + "\n"]


def rewrite_hosts(ip, names, hosts_file=HOSTS_FILE):
    with open(hosts_file, encoding="utf-8") as fh:
        lines = fh.readlines()
    out, skipping = [], False
    for line in lines:
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    if out and not out[-1].endswith("\n"):
        out[-1] += "\n"
    out.extend(render_block(ip, names))

    directory = os.path.dirname(hosts_file)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".hosts.")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.writelines(out)
    os.chmod(tmp, 0o644)
    os.replace(tmp, hosts_file)


def current_pin(hosts_file=HOSTS_FILE):
    inside = False
    with open(hosts_file, encoding="utf-8") as fh:
        for line in fh:
            if line.strip() == BEGIN:
                inside = True
            elif line.strip() == END:
                inside = False
            elif inside and line.strip():
                return line.split()[0]
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="pms_nodes.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.info("elevating to update %s", HOSTS_FILE)
        os.execvp("sudo", ["sudo", sys.executable, os.path.abspath(__file__)] + sys.argv[1:])

    names, nodes, path, port = load_candidates(args.config)
    target = next((ip for ip in nodes if healthy(ip, port, path)), None)
    if target is None:
        log.error("no healthy PMS node among %s; leaving hosts file unchanged", ", ".join(nodes))
        return 1
    if current_pin() == target:
        log.info("%s already pinned to %s", names[0], target)
        return 0
    rewrite_hosts(target, names)
    log.info("pinned %s -> %s", " ".join(names), target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
