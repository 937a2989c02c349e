#!/usr/bin/env bash
# bait_station_inspection_log.sh - record rodent bait-station inspections per
# site and produce the monthly summary the customer's auditor asks for.
#
# usage:
#   bait_station_inspection_log.sh log    SITE STATION ACTIVITY TAKEN_PCT [NOTES...]
#   bait_station_inspection_log.sh report SITE [YYYY-MM]
#   bait_station_inspection_log.sh sites
#   bait_station_inspection_log.sh serve  [PORT]
#
# ACTIVITY is one of: none, low, medium, high
# Settings are read from ./baitlog.conf if present.

set -euo pipefail

DATA_DIR="${BAITLOG_DATA:-./baitlog}"
REPORT_DIR="${BAITLOG_REPORTS:-./reports}"
TECH="${BAITLOG_TECH:-${USER:-tech}}"
SERVE_PORT="${BAITLOG_SERVE_PORT:-8088}"

[[ -f ./baitlog.conf ]] && . ./baitlog.conf

log()  { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "${*:2}" >&2; }
die()  { log ERROR "$*"; exit 1; }

site_file() {
    local site="${1//[^A-Za-z0-9_-]/_}"
    printf '%s/%s.csv' "$DATA_DIR" "$site"
}

ensure_dirs() {
    mkdir -p "$DATA_DIR" "$REPORT_DIR"
}

cmd_log() {
    [[ $# -ge 4 ]] || die "log needs SITE STATION ACTIVITY TAKEN_PCT"
    local site="$1" station="$2" activity="$3" taken="$4"; shift 4
    local notes="${*:-}"
    case "$activity" in
        none|low|medium|high) ;;
        *) die "activity must be none/low/medium/high" ;;
    esac
    [[ "$taken" =~ ^[0-9]{1,3}$ && "$taken" -le 100 ]] || die "taken must be 0-100"
    local f; f="$(site_file "$site")"
    if [[ ! -f "$f" ]]; then
        echo "timestamp,station,activity,taken_pct,tech,notes" > "$f"
    fi
    notes="${notes//\"/\'}"
    printf '%s,%s,%s,%s,%s,"%s"\n' "$(date -Iseconds)" "$station" "$activity" \
        "$taken" "$TECH" "$notes" >> "$f"
    log INFO "logged $site/$station ($activity, ${taken}% taken)"
}

cmd_report() {
    [[ $# -ge 1 ]] || die "report needs SITE"
    local site="$1" month="${2:-$(date +%Y-%m)}"
    local f; f="$(site_file "$site")"
    [[ -f "$f" ]] || die "no inspections recorded for $site"
    local out="$REPORT_DIR/${site}_${month}.txt"
    {
        echo "Bait station summary: $site  ($month)"
        echo "Generated $(date '+%F %H:%M') by $TECH"
        echo
        awk -F, -v m="$month" '
            NR == 1 { next }
            substr($1, 1, 7) == m {
                n[$2]++; t[$2] += $4
                if ($3 == "high" || $3 == "medium") hot[$2]++
                last[$2] = $1
            }
            END {
                printf "%-10s %6s %10s %8s  %s\n", "station", "visits", "avg_taken", "active", "last_visit"
                for (s in n)
                    printf "%-10s %6d %9.1f%% %8d  %s\n", s, n[s], t[s] / n[s], hot[s], last[s]
            }' "$f" | { read -r header; echo "$header"; sort; }
        echo
        local alerts
        alerts=$(awk -F, -v m="$month" 'NR>1 && substr($1,1,7)==m && $3=="high" {print $2}' "$f" | sort -u)
        if [[ -n "$alerts" ]]; then
            echo "Stations with HIGH activity this month (follow-up required):"
            echo "$alerts" | sed 's/^/  - /'
        else
            echo "No high-activity stations this month."
        fi
    } > "$out"
    log INFO "report written to $out"
    cat "$out"
}

cmd_sites() {
    local f
    for f in "$DATA_DIR"/*.csv; do
        [[ -e "$f" ]] || { echo "(no sites yet)"; return; }
        printf '%-30s %5d inspections\n' "$(basename "$f" .csv)" "$(( $(wc -l < "$f") - 1 ))"
    done
}

# So the office and the site manager's tablet can pick up the monthly
# summaries without anyone emailing them round.
cmd_serve() {
    local port="${1:-$SERVE_PORT}"
    log INFO "serving $REPORT_DIR on port $port (ctrl-c to stop)"
    exec python3 -m http.server "$port" --bind 0.0.0.0 --directory "$REPORT_DIR"
}

main() {
    ensure_dirs
    local cmd="${1:-}"; shift || true
    case "$cmd" in
        log)    cmd_log "$@" ;;
        report) cmd_report "$@" ;;
        sites)  cmd_sites ;;
        serve)  cmd_serve "$@" ;;
        *)      sed -n '2,13p' "$0"; exit 64 ;;
    esac
}

main "$@"
