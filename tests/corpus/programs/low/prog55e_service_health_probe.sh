#!/usr/bin/env bash
# Probe a list of service endpoints and publish component status to the
# status-page API. Endpoints come from ./probe.conf ("component_id url" lines).
set -uo pipefail

CONF="${PROBE_CONF:-./probe.conf}"
API_BASE="https://api.statuspage.io/v1"
PAGE_ID="${STATUSPAGE_PAGE_ID:-}"
TIMEOUT=6
DRY_RUN=0

log() { printf '%s probe: %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --timeout=*) TIMEOUT=${arg#*=} ;;
        --conf=*) CONF=${arg#*=} ;;
        *) log "unknown argument: $arg"; exit 2 ;;
    esac
done

[[ -r $CONF ]] || { log "cannot read $CONF"; exit 1; }
if (( ! DRY_RUN )); then
    : "${STATUSPAGE_API_KEY:?set STATUSPAGE_API_KEY}"
    [[ -n $PAGE_ID ]] || { log "set STATUSPAGE_PAGE_ID"; exit 1; }
fi

# A long-lived worker that receives "id url" on stdin and answers
# "id http_code seconds" on stdout, so probes run while we keep reading.
coproc PROBER {
    while read -r cid url; do
        out=$(curl -sS -I -o /dev/null --max-time "$TIMEOUT" \
                   -w '%{http_code} %{time_total}' "$url" 2>/dev/null) || out="000 0"
        printf '%s %s\n' "$cid" "$out"
    done
}

sent=0
while read -r cid url _; do
    [[ -z $cid || $cid == \#* ]] && continue
    printf '%s %s\n' "$cid" "$url" >&"${PROBER[1]}"
    (( ++sent ))
done < "$CONF"
exec {PROBER[1]}>&-

declare -A verdict=()
for (( i = 0; i < sent; i++ )); do
    read -r cid code secs <&"${PROBER[0]}" || break
    if [[ $code == 2* || $code == 3* ]]; then
        if awk -v s="$secs" 'BEGIN { exit !(s > 2.5) }'; then
            verdict[$cid]="degraded_performance"
        else
            verdict[$cid]="operational"
        fi
    elif [[ $code == 000 ]]; then
        verdict[$cid]="major_outage"
    else
        verdict[$cid]="partial_outage"
    fi
    log "$cid -> HTTP $code in ${secs}s => ${verdict[$cid]}"
done
wait "$PROBER_PID" 2>/dev/null

failures=0
for cid in "${!verdict[@]}"; do
    body=$(jq -cn --arg s "${verdict[$cid]}" '{component: {status: $s}}')
    if (( DRY_RUN )); then
        printf 'PATCH %s/pages/%s/components/%s %s\n' "$API_BASE" "$PAGE_ID" "$cid" "$body"
        continue
    fi
    if ! curl -fsS --max-time 15 -X PATCH \
            -H "Authorization: OAuth ${STATUSPAGE_API_KEY}" \
            -H 'Content-Type: application/json' \
            --data-binary @- \
            "$API_BASE/pages/$PAGE_ID/components/$cid" <<< "$body" > /dev/null; then
        log "failed to update component $cid"
        (( ++failures ))
    fi
done

log "probed $sent endpoints, $failures update failures"
exit $(( failures > 0 ))
