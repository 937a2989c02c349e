#!/usr/bin/env python3
"""Family Wi-Fi sign-in portal for visiting days at the academy.

Runs on the gateway box in the clubhouse. Phones that join the "Family Day"
SSID are sent to this page until a parent types the family code printed on
their visitor pass; the phone's MAC is then let through to the internet for
the rest of the day. Codes come from family_codes.csv (code,family_name).
"""
import argparse
import configparser
import csv
import datetime as dt
import html
import logging
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs

log = logging.getLogger("wifi_portal")

CHAIN = "FAMILY_PORTAL"
PAGE = """<!doctype html><html><head><meta name=viewport content="width=device-width">
<title>Family Day Wi-Fi</title></head><body style="font-family:sans-serif;max-width:28em;margin:2em auto">
<h2>Welcome to Family Day!</h2><p>{msg}</p>
<form method=post action=/login><input name=code placeholder="Family code" autofocus>
<button>Connect</button></form></body></html>"""


class Firewall:
    """Thin wrapper around the gateway's packet filter."""

    def __init__(self, lan_if, portal_ip, portal_port, binary="iptables"):
        self.lan_if, self.portal_ip, self.portal_port = lan_if, portal_ip, portal_port
        self.ipt = binary
        self.lock = threading.Lock()

    def _run(self, *args, check=True):
        cmd = [self.ipt, "-w", *args]
        log.debug("exec %s", " ".join(cmd))
        return subprocess.run(cmd, check=check, capture_output=True, text=True)

    def _ensure_chain(self, table, chain):
        if self._run("-t", table, "-L", chain, "-n", check=False).returncode != 0:
            self._run("-t", table, "-N", chain)

    def setup(self):
        Path("/proc/sys/net/ipv4/ip_forward").write_text("1\n")
        self._ensure_chain("nat", CHAIN)
        self._ensure_chain("filter", CHAIN)
        hook = ["-i", self.lan_if, "-j", CHAIN]
        if self._run("-t", "nat", "-C", "PREROUTING", *hook, check=False).returncode:
            self._run("-t", "nat", "-I", "PREROUTING", "1", *hook)
        if self._run("-C", "FORWARD", *hook, check=False).returncode:
            self._run("-I", "FORWARD", "1", *hook)
        # default: redirect web to portal, drop other forwarding
        self._run("-t", "nat", "-A", CHAIN, "-p", "tcp", "--dport", "80",
                  "-j", "DNAT", "--to-destination", f"{self.portal_ip}:{self.portal_port}")
        self._run("-A", CHAIN, "-j", "DROP")
        self._run("-t", "nat", "-A", "POSTROUTING", "-o", "wan0", "-j", "MASQUERADE", check=False)

    def allow(self, mac):
        with self.lock:
            self._run("-t", "nat", "-I", CHAIN, "1", "-m", "mac", "--mac-source", mac, "-j", "RETURN")
            self._run("-I", CHAIN, "1", "-m", "mac", "--mac-source", mac, "-j", "ACCEPT")
        log.info("allowed %s", mac)


def mac_for(ip):
    try:
        for line in Path("/proc/net/arp").read_text().splitlines()[1:]:
            parts = line.split()
            if parts[0] == ip:
                return parts[3]
    except OSError:
        pass
    return None


def load_codes(path):
    with open(path, newline="") as fh:
        return {r["code"].strip().upper(): r["family_name"] for r in csv.DictReader(fh)}


class PortalHandler(BaseHTTPRequestHandler):
    firewall = None
    codes = {}
    admitted = {}

    def _page(self, msg, status=200):
        body = PAGE.format(msg=html.escape(msg)).encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self._page("Enter the family code from your visitor pass to get online.")

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        form = parse_qs(self.rfile.read(min(length, 4096)).decode(errors="replace"))
        code = (form.get("code") or [""])[0].strip().upper()
        family = self.codes.get(code)
        if not family:
            return self._page("That code didn't match. Please check your pass.", 403)
        mac = mac_for(self.client_address[0])
        if not mac:
            return self._page("We couldn't identify your device. Please rejoin the Wi-Fi.", 400)
        if mac not in self.admitted:
            self.firewall.allow(mac)
            self.admitted[mac] = (family, dt.datetime.now().isoformat(timespec="seconds"))
        self._page(f"You're connected, {family} family. Enjoy the day!")

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Family Day Wi-Fi portal")
    ap.add_argument("-c", "--config", default="portal.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    p = cfg["portal"] if cfg.has_section("portal") else {}
    lan_if = p.get("lan_interface", "lan0")
    portal_ip = p.get("portal_ip", "10.42.0.1")
    port = int(p.get("port", "8088"))

    PortalHandler.codes = load_codes(p.get("codes", "family_codes.csv"))
    PortalHandler.firewall = Firewall(lan_if, portal_ip, port, p.get("iptables", "iptables"))
    try:
        PortalHandler.firewall.setup()
    except (subprocess.CalledProcessError, OSError) as exc:
        log.error("gateway setup failed: %s", getattr(exc, "stderr", exc))
        return 1
    server = ThreadingHTTPServer((portal_ip, port), PortalHandler)
    log.info("portal listening on %s:%d with %d family codes", portal_ip, port, len(PortalHandler.codes))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
