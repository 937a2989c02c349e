#!/usr/bin/env bash
# gate_counts_preview.sh - quick HTML preview of today's gate counts
#
# Builds a one-page HTML table of hourly entries per gate from the turnstile
# exports in ./exports and serves the ./public folder so the duty manager can
# open it on the office tablet. Ctrl-C to stop.
#
# usage: gate_counts_preview.sh [date YYYY-MM-DD] [port]

set -euo pipefail

DAY=${1:-$(date +%F)}
PORT=${2:-8000}
SRC_DIR=./exports
PUB=./public

die() { echo "gate_counts_preview: $*" >&2; exit 1; }

shopt -s nullglob
files=("$SRC_DIR"/turnstile-*"$DAY"*.csv)
(( ${#files[@]} )) || die "no turnstile exports for $DAY in $SRC_DIR"
mkdir -p "$PUB"

# gate,timestamp,entries,exits  ->  hour gate entries
hourly_table() {
    awk -F, 'FNR == 1 { next }
        {
            split($2, t, /[T ]/); hour = substr(t[2], 1, 2)
            key = hour "," $1
            entries[key] += $3; gates[$1] = 1; hours[hour] = 1
        }
        END {
            ng = asorti(gates, g); nh = asorti(hours, h)
            printf "<tr><th>hour</th>"
            for (i = 1; i <= ng; i++) printf "<th>%s</th>", g[i]
            print "<th>total</th></tr>"
            for (j = 1; j <= nh; j++) {
                row = 0
                printf "<tr><td>%s:00</td>", h[j]
                for (i = 1; i <= ng; i++) { v = entries[h[j] "," g[i]] + 0; row += v; printf "<td>%d</td>", v }
                printf "<td><b>%d</b></td></tr>\n", row
                grand += row
            }
            printf "<tr><td>all day</td><td colspan=\"%d\"></td><td><b>%d</b></td></tr>\n", ng, grand
        }' "$@"
}

render() {
    local out=$PUB/index.html
    {
        cat <<EOF
<!doctype html>
<html><head><meta charset="utf-8"><title>Gate counts $DAY</title>
<meta http-equiv="refresh" content="300">
<style>body{font-family:sans-serif}td,th{padding:4px 10px;text-align:right}tr:nth-child(even){background:#eef}</style>
</head><body><h1>Visitor entries by gate &mdash; $DAY</h1><table>
EOF
        hourly_table "${files[@]}"
        echo "</table><p>generated $(date '+%H:%M') from ${#files[@]} export file(s)</p></body></html>"
    } > "$out.tmp" && mv "$out.tmp" "$out"
    echo "wrote $out"
}

render
ip=$(hostname -I 2>/dev/null | awk '{print $1}')
echo "open http://${ip:-this-machine}:$PORT/ on the office tablet"
cd "$PUB"
exec python3 -m http.server "$PORT" --bind 0.0.0.0
