#!/usr/bin/env python3
"""Local transaction-signing daemon for the treasury hot wallet.

Listens on a loopback port, accepts unsigned EIP-1559 transactions as JSON,
checks them against the spending policy (policy.json) and returns the signed
raw transaction. Started as root by the host init so it can lock the key in
memory, then runs as the dedicated 'txsigner' account.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import socketserver
import sys
from decimal import Decimal
from pathlib import Path

from eth_account import Account

log = logging.getLogger("txsigner")

MCL_CURRENT, MCL_FUTURE = 1, 2
PR_SET_KEEPCAPS = 8
PR_SET_DUMPABLE = 4

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


class ProcessHardening:
    """Lock memory, disable core dumps, then switch identity."""

    def __init__(self, username: str):
        self.user = pwd.getpwnam(username)

    def lock_memory(self) -> None:
        _check(_libc.mlockall(MCL_CURRENT | MCL_FUTURE), "mlockall")
        _check(_libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0), "prctl(DUMPABLE)")

    def switch_identity(self) -> None:
        uid, gid = self.user.pw_uid, self.user.pw_gid
        _check(_libc.prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0), "prctl(KEEPCAPS)")
        gids = (ctypes.c_uint * 1)(gid)
        _check(_libc.setgroups(1, gids), "setgroups")
        _check(_libc.setresgid(gid, gid, gid), "setresgid")
        _check(_libc.setresuid(uid, uid, uid), "setresuid")
        os.environ["HOME"] = self.user.pw_dir
        log.info("now running as %s (%d:%d)", self.user.pw_name, uid, gid)


class Policy:
    def __init__(self, path: Path):
        data = json.loads(path.read_text())
        self.max_value_wei = int(Decimal(data["max_value_eth"]) * 10 ** 18)
        self.allowed_to = {a.lower() for a in data["allowed_recipients"]}
        self.chain_id = int(data["chain_id"])

    def check(self, tx: dict) -> None:
        if int(tx.get("chainId", 0)) != self.chain_id:
            raise ValueError("wrong chain id")
        if tx.get("to", "").lower() not in self.allowed_to:
            raise ValueError("recipient not on allow-list")
        if int(tx.get("value", 0)) > self.max_value_wei:
            raise ValueError("value above policy limit")


class SignHandler(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        line = self.rfile.readline(64 * 1024)
        try:
            tx = json.loads(line)
            self.server.policy.check(tx)
            signed = self.server.account.sign_transaction(tx)
            reply = {"ok": True, "raw": signed.rawTransaction.hex(), "hash": signed.hash.hex()}
            log.info("signed %s to %s", reply["hash"][:14], tx["to"])
        except Exception as exc:
            reply = {"ok": False, "error": str(exc)}
            log.warning("rejected request: %s", exc)
        self.wfile.write((json.dumps(reply) + "\n").encode())


class SignServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def load_account(keyfile: Path, pass_env: str) -> Account:
    passphrase = os.environ.pop(pass_env, None)
    if passphrase is None:
        raise SystemExit(f"{pass_env} not set")
    key = Account.decrypt(json.loads(keyfile.read_text()), passphrase)
    return Account.from_key(key)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keyfile", type=Path, default=Path("/var/lib/txsigner/hot.json"))
    ap.add_argument("--policy", type=Path, default=Path("/var/lib/txsigner/policy.json"))
    ap.add_argument("--port", type=int, default=7545)
    ap.add_argument("--user", default="txsigner")
    ap.add_argument("--pass-env", default="TXSIGNER_PASSPHRASE")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    hardening = ProcessHardening(args.user)
    hardening.lock_memory()
    account = load_account(args.keyfile, args.pass_env)
    policy = Policy(args.policy)

    server = SignServer(("127.0.0.1", args.port), SignHandler)
    server.account, server.policy = account, policy
    hardening.switch_identity()
    log.info("signing for %s on 127.0.0.1:%d", account.address, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
