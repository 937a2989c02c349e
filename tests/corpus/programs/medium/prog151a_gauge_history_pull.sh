#!/bin/sh
# Pull a week of river gauge history for the season report.
#
# The regional agency still publishes historic readings on its old FTP
# server, and the live API sits behind a certificate the Pi doesn't trust,
# so this fetches both and merges them into one CSV.
#
# usage: gauge_history_pull.sh [station] [days]

set -eu

STATION="${1:-RIVER-0412}"
DAYS="${2:-7}"
FTP_HOST="ftp.example.net"
FTP_LOGIN="anonymous:desk@example.com"  # public archive, anonymous login
API="https://gauges.example.com/api/v2"
SCRATCH="/tmp/gauge_pull"
OUT="gauge_${STATION}_$(date +%Y%m%d).csv"

note() { echo "[gauge] $*" >&2; }

prepare() {
    mkdir -p "$SCRATCH"
    rm -f "$SCRATCH"/*.csv
}

fetch_ftp_history() {
    i=1
    while [ "$i" -le "$DAYS" ]; do
        day=$(date -d "-$i day" +%Y%m%d)
        file="${STATION}_${day}.csv"
        note "ftp ${file}"
        if ! curl -s --max-time 60 --user "$FTP_LOGIN" \
             "ftp://${FTP_HOST}/pub/gauges/${file}" -o "${SCRATCH}/${file}"; then
            note "missing ${file}"
        fi
        i=$((i + 1))
    done
}

fetch_live() {
    note "live readings"
    curl -sk --max-time 30 "${API}/stations/${STATION}/readings?hours=24&format=csv" \
        -o "${SCRATCH}/live.csv" || note "live API unavailable"
}

merge() {
    echo "timestamp,stage_m,flow_m3s" > "$OUT"
    for f in "$SCRATCH"/*.csv; do
        [ -s "$f" ] || continue
        # skip each file's header row
        tail -n +2 "$f"
    done | sort -u -t, -k1,1 >> "$OUT"
    rows=$(($(wc -l < "$OUT") - 1))
    note "merged ${rows} readings into ${OUT}"
}

summary() {
    awk -F, 'NR > 1 && $2 != "" {
        if (max == "" || $2 > max) max = $2
        if (min == "" || $2 < min) min = $2
        sum += $2; n++
    }
    END {
        if (n) printf "stage min %.2f m, max %.2f m, mean %.2f m\n", min, max, sum / n
        else print "no readings"
    }' "$OUT"
}

prepare
fetch_ftp_history
fetch_live
merge
summary
