#!/usr/bin/env python3
"""Lightweight SNMPv2c trap receiver that writes traps as JSON lines.

Binds the standard trap port, then switches to an unprivileged service
account before parsing any packet. Only the outer message (version,
community, PDU type, request id) is decoded; varbinds are kept as hex so a
downstream processor with the MIBs can expand them.
"""
import argparse
import asyncio
import grp
import json
import logging
import os
import pwd
import signal
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("trapd")

PDU_TYPES = {0xA4: "trap-v1", 0xA6: "inform", 0xA7: "trap-v2"}


def ber_read(buf, pos):
    tag = buf[pos]
    length = buf[pos + 1]
    pos += 2
    if length & 0x80:
        n = length & 0x7F
        length = int.from_bytes(buf[pos:pos + n], "big")
        pos += n
    return tag, buf[pos:pos + length], pos + length


def decode_message(data):
    tag, body, _ = ber_read(data, 0)
    if tag != 0x30:
        raise ValueError("not a SEQUENCE")
    _, version, pos = ber_read(body, 0)
    _, community, pos = ber_read(body, pos)
    pdu_tag, pdu, _ = ber_read(body, pos)
    _, reqid, ppos = ber_read(pdu, 0)
    return {
        "version": int.from_bytes(version, "big") + 1,
        "community": community.decode("latin-1"),
        "pdu": PDU_TYPES.get(pdu_tag, hex(pdu_tag)),
        "request_id": int.from_bytes(reqid, "big", signed=True),
        "varbinds_hex": pdu[ppos:].hex(),
    }


class ServiceAccount:
    def __init__(self, user, group=None):
        self.pw = pwd.getpwnam(user)
        self.gid = grp.getgrnam(group).gr_gid if group else self.pw.pw_gid

    def assume(self):
        if os.geteuid() != 0:
            log.info("not root, keeping uid %d", os.geteuid())
            return
        os.setgroups([])
        os.setgid(self.gid)
        os.setuid(self.pw.pw_uid)
        os.umask(0o027)
        log.info("now running as %s (%d:%d)", self.pw.pw_name, os.getuid(), os.getgid())


class TrapProtocol(asyncio.DatagramProtocol):
    def __init__(self, sink, communities):
        self.sink = sink
        self.communities = communities
        self.count = 0

    def datagram_received(self, data, addr):
        try:
            msg = decode_message(data)
        except (ValueError, IndexError) as exc:
            log.debug("undecodable packet from %s: %s", addr[0], exc)
            return
        if self.communities and msg["community"] not in self.communities:
            log.warning("dropping trap from %s with unknown community", addr[0])
            return
        msg.update(source=addr[0], received=time.time())
        msg.pop("community")
        self.sink.write(json.dumps(msg) + "\n")
        self.sink.flush()
        self.count += 1


def bind_socket(addr, port):
    family = socket.AF_INET6 if ":" in addr else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((addr, port))
    return sock


async def serve(sock, sink, communities):
    loop = asyncio.get_running_loop()
    transport, proto = await loop.create_datagram_endpoint(
        lambda: TrapProtocol(sink, communities), sock=sock)
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    transport.close()
    log.info("received %d traps", proto.count)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=162)
    ap.add_argument("--user", default="snmptrap")
    ap.add_argument("--group")
    ap.add_argument("--out", default="./traps.jsonl")
    ap.add_argument("--community", action="append", default=[])
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    try:
        account = ServiceAccount(args.user, args.group)
    except KeyError as exc:
        log.error("unknown account: %s", exc)
        return 1
    try:
        sock = bind_socket(args.listen, args.port)
    except PermissionError:
        log.error("binding udp/%d needs root or CAP_NET_BIND_SERVICE", args.port)
        return 1

    out = Path(args.out)
    sink = out.open("a")
    account.assume()
    log.info("listening on %s:%d", args.listen, args.port)
    try:
        asyncio.run(serve(sock, sink, set(args.community)))
    finally:
        sink.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
