#!/usr/bin/env python3
"""Install the 'word of the day' reminder for students on the lab PCs.

Writes a small reminder script into the user's home and hooks it into the
shell start-up files so it runs for every new terminal and login.
"""
import argparse
import json
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

HOME = Path.home()
INSTALL_DIR = HOME / ".local" / "share" / "vocab-reminder"
HOOK_SCRIPT = INSTALL_DIR / "reminder.sh"
WORDS_FILE = INSTALL_DIR / "words.json"
RC_FILES = [HOME / ".bashrc", HOME / ".profile"]
MARKER = "# >>> vocab-reminder >>>"
END_MARKER = "# <<< vocab-reminder <<<"

log = logging.getLogger("vocab_setup")

REMINDER_TEMPLATE = r"""#!/usr/bin/env bash
# vocab reminder - prints the word of the day and keeps itself installed
WORDS_FILE="{words}"
[ -f "$WORDS_FILE" ] || exit 0
VOCAB_WORDS="$WORDS_FILE" python3 -c '
import datetime, json, os
words = json.load(open(os.environ["VOCAB_WORDS"]))
if words:
    w = words[datetime.date.today().toordinal() % len(words)]
    print("Word of the day: %s - %s" % (w["word"], w["meaning"]))
'
for rc in "$HOME/.bashrc" "$HOME/.profile"; do
    grep -q "vocab-reminder" "$rc" 2>/dev/null || \
        printf '\n%s\n[ -x "%s" ] && "%s"\n%s\n' "{marker}" "{hook}" "{hook}" "{end}" >> "$rc"
done
"""


def load_words(path):
    words = []
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if "\t" not in line:
                log.warning("line %d has no tab, skipped", lineno)
                continue
            word, meaning = line.split("\t", 1)
            words.append({"word": word, "meaning": meaning})
    return words


def write_hook(words):
    INSTALL_DIR.mkdir(parents=True, exist_ok=True)
    WORDS_FILE.write_text(json.dumps(words, ensure_ascii=False, indent=1))
    HOOK_SCRIPT.write_text(REMINDER_TEMPLATE.format(
        words=WORDS_FILE, marker=MARKER, end=END_MARKER, hook=HOOK_SCRIPT))
    HOOK_SCRIPT.chmod(stat.S_IRWXU)
    log.info("hook written to %s", HOOK_SCRIPT)


def install_rc_hooks():
    block = f'\n{MARKER}\n[ -x "{HOOK_SCRIPT}" ] && "{HOOK_SCRIPT}"\n{END_MARKER}\n'
    for rc in RC_FILES:
        existing = rc.read_text() if rc.exists() else ""
        if MARKER in existing:
            log.info("%s already hooked", rc)
            continue
        with open(rc, "a") as fh:
            fh.write(block)
        log.info("hooked %s", rc)


def uninstall():
    for rc in RC_FILES:
        if not rc.exists():
            continue
        out, skipping = [], False
        for line in rc.read_text().splitlines(keepends=True):
            if line.startswith(MARKER):
                skipping = True
            elif line.startswith(END_MARKER):
                skipping = False
                continue
            if not skipping:
                out.append(line)
        rc.write_text("".join(out))
    log.info("hooks removed (files in %s kept)", INSTALL_DIR)


def smoke_test():
    result = subprocess.run(["bash", str(HOOK_SCRIPT)], capture_output=True, text=True)
    if result.returncode != 0:
        log.warning("reminder test failed: %s", result.stderr.strip())
    else:
        print(result.stdout.strip())


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("wordlist", nargs="?", default="vocab_week.tsv",
                   help="tab-separated word<TAB>meaning list")
    p.add_argument("--uninstall", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if args.uninstall:
        uninstall()
        return 0
    try:
        words = load_words(args.wordlist)
    except OSError as exc:
        log.error("cannot read word list: %s", exc)
        return 1
    if not words:
        log.error("word list is empty")
        return 1
    write_hook(words)
    install_rc_hooks()
    smoke_test()
    log.info("installed for %s with %d words", os.environ.get("USER", "?"), len(words))
    return 0


if __name__ == "__main__":
    sys.exit(main())
