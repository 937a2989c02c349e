#!/usr/bin/env python3
"""Install the `jot` quick-note command system-wide.

Writes a small launcher to /usr/local/bin/jot and a man page to
/usr/local/share/man/man1/jot.1 so every account on this laptop
can append timestamped notes to ~/Notes/inbox.md. Use --uninstall to remove.
"""
import argparse
import logging
import os
import stat
import sys
import textwrap
from pathlib import Path

log = logging.getLogger("jot-install")

TARGETS = {
    "launcher": Path("/usr/local/bin/jot"),
    "manpage": Path("/usr/local/share/man/man1/jot.1"),
}

LAUNCHER = textwrap.dedent('''\
    #!/usr/bin/env python3
    """jot - append a quick note to ~/Notes/inbox.md"""
    import sys, datetime, pathlib
    inbox = pathlib.Path.home() / "Notes" / "{inbox}"
    inbox.parent.mkdir(parents=True, exist_ok=True)
    text = " ".join(sys.argv[1:]) or sys.stdin.read().strip()
    if not text:
        sys.exit("usage: jot TEXT...")
    stamp = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    with inbox.open("a", encoding="utf-8") as fh:
        fh.write(f"- [{{stamp}}] {{text}}\\n")
    print("noted.")
''')

MANPAGE = textwrap.dedent('''\
    .TH JOT 1 "2024" "jot 0.3" "User Commands"
    .SH NAME
    jot \\- append a quick timestamped note
    .SH SYNOPSIS
    .B jot
    [\\fITEXT\\fR...]
    .SH DESCRIPTION
    Appends TEXT (or standard input) as a list item to ~/Notes/{inbox}.
    .SH FILES
    ~/Notes/{inbox}
''')


def install(inbox_name: str, force: bool):
    contents = {
        "launcher": (LAUNCHER.format(inbox=inbox_name), 0o755),
        "manpage": (MANPAGE.replace("{inbox}", inbox_name), 0o644),
    }
    for key, (body, mode) in contents.items():
        target = TARGETS[key]
        if target.exists() and not force:
            log.warning("%s exists, use --force to overwrite", target)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(body)
        os.chmod(target, mode)
        os.chown(target, 0, 0)
        log.info("installed %s (%s)", target, stat.filemode(mode | stat.S_IFREG))


def uninstall():
    for target in TARGETS.values():
        try:
            target.unlink()
            log.info("removed %s", target)
        except FileNotFoundError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inbox", default="inbox.md")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--uninstall", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    if os.geteuid() != 0:
        sys.exit("run this installer as root")
    if args.uninstall:
        uninstall()
    else:
        install(args.inbox, args.force)


if __name__ == "__main__":
    main()
