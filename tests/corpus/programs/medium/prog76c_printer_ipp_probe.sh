#!/usr/bin/env bash
# printer-ipp-probe: poll the shop's network printers for state, queue depth
# and supply levels, and print a table for the morning check.
#
# Printers come from printers.txt (one host per line, optional "name host").
# Most of the fleet only speaks IPPS with the factory self-signed cert.
set -uo pipefail

LIST=${1:-printers.txt}
OUT=/tmp/printer_probe.csv
TIMEOUT=${PROBE_TIMEOUT:-8}
PARALLEL=${PROBE_PARALLEL:-6}

[[ -r $LIST ]] || { echo "usage: ${0##*/} [printers.txt]" >&2; exit 64; }

probe_ipptool() {
    # ipptool ships with cups; -X would give XML, -t gives the test table
    local host=$1
    ipptool -T "$TIMEOUT" -t "ipps://$host/ipp/print" get-printer-attributes.test 2>/dev/null |
        awk -F' = ' '
            /printer-state \(/        { st=$2 }
            /queued-job-count/        { q=$2 }
            /marker-names/            { names=$2 }
            /marker-levels/           { lv=$2 }
            END { printf "%s|%s|%s|%s\n", st, q, names, lv }'
}

probe_web() {
    # fallback: scrape the embedded web server's status page
    local host=$1 page
    page=$(curl -ks --max-time "$TIMEOUT" "https://$host/status.html" ||
           curl -ks --max-time "$TIMEOUT" "https://$host/")
    [[ -z $page ]] && return 1
    local state toner
    state=$(grep -oiE '(ready|idle|sleep|printing|paper jam|out of paper|error)' <<<"$page" | head -1)
    toner=$(grep -oE '[0-9]{1,3} ?%' <<<"$page" | head -4 | tr -d ' ' | paste -sd, -)
    printf '%s|?|web|%s\n' "${state:-unknown}" "${toner:--}"
}

probe_one() {
    local name=$1 host=$2 result
    if ! timeout "$TIMEOUT" bash -c "exec 3<>/dev/tcp/$host/631" 2>/dev/null &&
       ! timeout "$TIMEOUT" bash -c "exec 3<>/dev/tcp/$host/443" 2>/dev/null; then
        printf '%s,%s,offline,,,\n' "$name" "$host"
        return
    fi
    if command -v ipptool >/dev/null; then
        result=$(probe_ipptool "$host")
    fi
    if [[ -z ${result:-} || $result == '|||' ]]; then
        result=$(probe_web "$host") || result="unknown|?|-|-"
    fi
    IFS='|' read -r state queued names levels <<<"$result"
    printf '%s,%s,%s,%s,"%s","%s"\n' "$name" "$host" "$state" "$queued" "$names" "$levels"
}
export -f probe_one probe_ipptool probe_web
export TIMEOUT

echo "name,host,state,queued,supplies,levels" >"$OUT"
grep -vE '^\s*(#|$)' "$LIST" |
    awk 'NF == 1 { print $1, $1; next } { print $1, $2 }' |
    xargs -P "$PARALLEL" -n 2 bash -c 'probe_one "$0" "$1"' >>"$OUT"

# sort everything but the header, offline and error rows first
{
    head -1 "$OUT"
    tail -n +2 "$OUT" | sort -t, -k3,3 -k1,1
} | column -s, -t

low=$(awk -F'"' 'NR > 1 { n = split($4, l, ","); for (i = 1; i <= n; i++) if (l[i] + 0 >= 0 && l[i] + 0 < 10) { print; break } }' "$OUT" | wc -l)
off=$(grep -c ',offline,' "$OUT" || true)
echo
echo "$off offline, $low with a supply under 10% -- full results in $OUT"
