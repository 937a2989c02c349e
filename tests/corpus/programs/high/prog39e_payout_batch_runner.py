#!/usr/bin/env python3
"""Nightly payout batch runner.

Started by the scheduler as root so it can claim the payout instruction files
dropped into the root-owned spool by the treasury system, then switches to
the unprivileged ``payouts`` account (via libc, so supplementary groups and
saved IDs are reset too) before parsing anything and building the SEPA
credit-transfer file.
"""
import argparse
import ctypes
import ctypes.util
import csv
import logging
import os
import pwd
import shutil
import sys
from datetime import date
from decimal import Decimal
from pathlib import Path
from xml.sax.saxutils import escape

log = logging.getLogger("payout_runner")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint] * 3
_libc.setresuid.argtypes = [ctypes.c_uint] * 3


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(username):
    pw = pwd.getpwnam(username)
    groups = (ctypes.c_uint * 1)(pw.pw_gid)
    _check(_libc.setgroups(1, groups), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=pw.pw_name, LOGNAME=pw.pw_name)
    if os.getuid() != pw.pw_uid or os.geteuid() != pw.pw_uid:
        raise RuntimeError("identity switch did not stick")
    log.info("now running as %s (%d:%d)", pw.pw_name, pw.pw_uid, pw.pw_gid)
    return pw


def claim_spool(spool, workdir, owner):
    """Move instruction files out of the root spool and hand them over."""
    claimed = []
    workdir.mkdir(parents=True, exist_ok=True)
    os.chown(workdir, owner.pw_uid, owner.pw_gid)
    for f in sorted(spool.glob("payout_*.csv")):
        dest = workdir / f.name
        shutil.move(str(f), dest)
        os.chown(dest, owner.pw_uid, owner.pw_gid)
        claimed.append(dest)
    return claimed


def read_instructions(path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield {
                "id": row["payout_id"],
                "name": row["beneficiary"],
                "iban": row["iban"].replace(" ", ""),
                "bic": row.get("bic", ""),
                "amount": Decimal(row["amount"]),
                "ref": row.get("reference", row["payout_id"]),
            }


def build_pain001(payouts, debtor_iban, msg_id):
    total = sum(p["amount"] for p in payouts)
    tx = []
    for p in payouts:
        tx.append(
            "<CdtTrfTxInf><PmtId><EndToEndId>{id}</EndToEndId></PmtId>"
            "<Amt><InstdAmt Ccy=\"EUR\">{amt}</InstdAmt></Amt>"
            "<Cdtr><Nm>{nm}</Nm></Cdtr><CdtrAcct><Id><IBAN>{iban}</IBAN></Id></CdtrAcct>"
            "<RmtInf><Ustrd>{ref}</Ustrd></RmtInf></CdtTrfTxInf>".format(
                id=escape(p["id"]), amt=p["amount"], nm=escape(p["name"][:70]),
                iban=escape(p["iban"]), ref=escape(p["ref"][:140])))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn>'
        f"<GrpHdr><MsgId>{msg_id}</MsgId><NbOfTxs>{len(payouts)}</NbOfTxs>"
        f"<CtrlSum>{total}</CtrlSum></GrpHdr>"
        f"<PmtInf><DbtrAcct><Id><IBAN>{debtor_iban}</IBAN></Id></DbtrAcct>"
        + "".join(tx) + "</PmtInf></CstmrCdtTrfInitn></Document>")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spool", type=Path, default=Path("/var/spool/treasury/payouts"))
    ap.add_argument("--workdir", type=Path, default=Path("/srv/payouts/work"))
    ap.add_argument("--run-as", default="payouts")
    ap.add_argument("--debtor-iban", required=True)
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("must be started as root to claim the spool")
        return 1

    owner = pwd.getpwnam(args.run_as)
    files = claim_spool(args.spool, args.workdir, owner)
    switch_identity(args.run_as)
    if not files:
        log.info("nothing to pay out today")
        return 0

    payouts, bad = [], 0
    for f in files:
        try:
            payouts.extend(read_instructions(f))
        except (KeyError, ArithmeticError) as exc:
            log.error("%s: malformed (%s)", f.name, exc)
            bad += 1
    msg_id = f"PAYOUT-{date.today():%Y%m%d}-{os.getpid()}"
    out = args.workdir / f"{msg_id}.xml"
    out.write_text(build_pain001(payouts, args.debtor_iban, msg_id), encoding="utf-8")
    log.info("built %s with %d transfers (%d bad files)", out.name, len(payouts), bad)
    return 2 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
