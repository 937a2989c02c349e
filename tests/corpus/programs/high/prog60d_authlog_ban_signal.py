#!/usr/bin/env python3
"""Watch an SSH auth log, collect offenders, and ban them on demand.

Offending addresses accumulate in memory. Bans are applied in batches from
a SIGUSR1 handler (or automatically every --interval seconds) so that an
operator can review the candidate list first.
"""
import argparse
import asyncio
import collections
import ipaddress
import logging
import re
import signal

log = logging.getLogger("sshban")
FAILED = re.compile(r"Failed password for (?:invalid user )?\S+ from (\S+) port")


class BanList:
    def __init__(self, threshold: int, chain: str):
        self.threshold = threshold
        self.chain = chain
        self.counts = collections.Counter()
        self.banned: set = set()

    def observe(self, addr: str) -> None:
        try:
            ipaddress.ip_address(addr)
        except ValueError:
            return
        self.counts[addr] += 1

    def candidates(self):
        return [a for a, n in self.counts.items() if n >= self.threshold and a not in self.banned]

    async def apply(self) -> None:
        for addr in self.candidates():
            proc = await asyncio.create_subprocess_exec(
                "iptables", "-I", self.chain, "1", "-s", addr, "-p", "tcp",
                "--dport", "22", "-j", "DROP",
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
            _, err = await proc.communicate()
            if proc.returncode == 0:
                self.banned.add(addr)
                log.warning("banned %s after %d failures", addr, self.counts[addr])
            else:
                log.error("iptables refused %s: %s", addr, err.decode().strip())


async def follow(path: str, bans: BanList) -> None:
    with open(path, "r", errors="replace") as fh:
        fh.seek(0, 2)
        while True:
            line = fh.readline()
            if not line:
                await asyncio.sleep(0.5)
                continue
            m = FAILED.search(line)
            if m:
                bans.observe(m.group(1))


async def periodic(bans: BanList, interval: float) -> None:
    while True:
        await asyncio.sleep(interval)
        await bans.apply()


async def run(args) -> None:
    bans = BanList(args.threshold, args.chain)
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGUSR1, lambda: asyncio.ensure_future(bans.apply()))
    loop.add_signal_handler(
        signal.SIGUSR2, lambda: log.info("candidates: %s", ", ".join(bans.candidates()) or "-"))
    tasks = [asyncio.create_task(follow(args.log, bans))]
    if args.interval > 0:
        tasks.append(asyncio.create_task(periodic(bans, args.interval)))
    await asyncio.gather(*tasks)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--log", default="/var/log/auth.log")
    ap.add_argument("--threshold", type=int, default=5)
    ap.add_argument("--chain", default="INPUT")
    ap.add_argument("--interval", type=float, default=0, help="0 = only on SIGUSR1")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        asyncio.run(run(args))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
