#!/usr/bin/env python3
"""Anonymise and flatten manuscript PDFs before they go to double-blind reviewers.

Strips document info and XMP metadata (author names, institution, software),
removes embedded files and JavaScript actions, and drops annotations left by
the authors. Started by the submission system's root-owned dispatcher; the
worker switches to the unprivileged service account before touching any
author-supplied file.

    prog80e_review_pdf_flattener.py --in incoming --out anonymised --as-user reviewpdf
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys
from pathlib import Path

import pikepdf

log = logging.getLogger("pdf_flattener")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_account(username):
    """Switch the whole process (real, effective, saved ids) to `username`."""
    pw = pwd.getpwnam(username)
    gids = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] or [pw.pw_gid]
    arr = (ctypes.c_uint * len(gids))(*gids)
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=username, LOGNAME=username)
    os.umask(0o027)
    log.info("running as %s (uid=%d gid=%d)", username, os.getuid(), os.getgid())


def scrub(pdf: pikepdf.Pdf) -> dict:
    stats = {"annots": 0, "js": 0, "embedded": 0}
    with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
        for key in list(meta.keys()):
            del meta[key]
    if "/Info" in pdf.trailer:
        del pdf.trailer["/Info"]
    root = pdf.Root
    for key in ("/OpenAction", "/AA"):
        if key in root:
            del root[key]
            stats["js"] += 1
    names = root.get("/Names")
    if names is not None:
        for key in ("/JavaScript", "/EmbeddedFiles"):
            if key in names:
                del names[key]
                stats["embedded" if key == "/EmbeddedFiles" else "js"] += 1
    for page in pdf.pages:
        annots = page.obj.get("/Annots")
        if annots is None:
            continue
        keep = pikepdf.Array([a for a in annots if a.get("/Subtype") == "/Link"
                              and "/A" in a and a.A.get("/S") == "/URI"])
        stats["annots"] += len(annots) - len(keep)
        page.obj.Annots = keep
        if "/AA" in page.obj:
            del page.obj["/AA"]
    return stats


def process(src: Path, dst: Path) -> bool:
    try:
        with pikepdf.open(src) as pdf:
            stats = scrub(pdf)
            pdf.save(dst, linearize=True, fix_metadata_version=False)
        log.info("%s -> %s %s", src.name, dst.name, stats)
        return True
    except pikepdf.PdfError as exc:
        log.error("%s: unreadable PDF (%s)", src.name, exc)
        return False


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--in", dest="src", default="incoming")
    p.add_argument("--out", dest="dst", default="anonymised")
    p.add_argument("--as-user", default=os.environ.get("REVIEW_PDF_USER", "reviewpdf"))
    p.add_argument("--log-level", default="INFO")
    args = p.parse_args(argv)
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(levelname)s %(message)s")

    try:
        target_uid = pwd.getpwnam(args.as_user).pw_uid
    except KeyError:
        log.error("service account %s does not exist", args.as_user)
        return 2
    if os.geteuid() != target_uid:
        try:
            switch_account(args.as_user)
        except OSError as exc:
            if os.geteuid() == 0:
                log.error("refusing to process files as root: %s", exc)
                return 2
            log.warning("could not switch to %s (%s); continuing as uid %d",
                        args.as_user, exc, os.geteuid())

    src, dst = Path(args.src), Path(args.dst)
    dst.mkdir(parents=True, exist_ok=True)
    bad = 0
    for pdf_path in sorted(src.glob("*.pdf")):
        if not process(pdf_path, dst / pdf_path.name):
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
