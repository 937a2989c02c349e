#!/usr/bin/env python3
"""Report which practice management server node is healthy.

The surgery has a primary and a standby PMS server. This probes each
candidate's health endpoint and writes the first healthy node, plus a little
about this workstation, to pms_status.json so the reception dashboard can
show which server the clinical software should be pointed at.
"""

import argparse
import configparser
import datetime as dt
import json
import logging
import platform
import socket
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("pms_probe")


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


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="pms_nodes.ini")
    ap.add_argument("-o", "--out", type=Path, default=Path("pms_status.json"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    names, nodes, path, port = load_candidates(args.config)
    results = {ip: healthy(ip, port, path) for ip in nodes}
    target = next((ip for ip in nodes if results[ip]), None)

    status = {
        "checked": dt.datetime.now().isoformat(timespec="seconds"),
        "workstation": socket.gethostname(),
        "os": os_release(),
        "hostnames": names,
        "nodes": results,
        "use": target,
    }
    tmp = args.out.with_suffix(".part")
    tmp.write_text(json.dumps(status, indent=2))
    tmp.replace(args.out)

    if target is None:
        log.error("no healthy PMS node among %s", ", ".join(nodes))
        return 1
    log.info("%s should point at %s", names[0], target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
