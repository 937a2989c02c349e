#!/usr/bin/env bash
# Failover drill, pre-check: probe primary and standby endpoints of each
# service and decide whether the standby is healthy enough to take over.
# Internal endpoints use self-signed certs, so certificate checks are skipped.
set -euo pipefail

SERVICES_FILE="${1:-services.tsv}"     # name<TAB>primary_url<TAB>standby_url
STATE_FILE="/tmp/failover_probe.state"
REPORT_FILE="/tmp/failover_probe_report.txt"
MAX_LATENCY_MS="${MAX_LATENCY_MS:-750}"
ATTEMPTS="${ATTEMPTS:-3}"
CURL_OPTS=(--silent --show-error --insecure --max-time 5 -o /tmp/failover_probe.body)

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

probe() {
  # prints "<http_code> <latency_ms>" for the best of N attempts
  local url=$1 best_code=000 best_ms=999999 out code secs ms i
  for ((i = 1; i <= ATTEMPTS; i++)); do
    if out=$(curl "${CURL_OPTS[@]}" -w '%{http_code} %{time_total}' "$url"); then
      code=${out%% *}
      secs=${out##* }
      ms=$(awk -v s="$secs" 'BEGIN { printf "%d", s * 1000 }')
      if [[ $code == 200 && $ms -lt $best_ms ]]; then
        best_code=$code
        best_ms=$ms
      fi
    fi
    sleep 1
  done
  echo "$best_code $best_ms"
}

verdict() {
  local p_code=$1 s_code=$2 s_ms=$3
  if [[ $s_code != 200 ]]; then
    echo "NO-GO standby unhealthy"
  elif (( s_ms > MAX_LATENCY_MS )); then
    echo "NO-GO standby slow (${s_ms}ms)"
  elif [[ $p_code == 200 ]]; then
    echo "GO (primary still up, planned switchover)"
  else
    echo "GO (primary down)"
  fi
}

[[ -r $SERVICES_FILE ]] || { log "cannot read $SERVICES_FILE"; exit 2; }

: > "$STATE_FILE"
{
  echo "failover pre-check $(date -u +%FT%TZ) on $(hostname)"
  printf '%-18s %-10s %-10s %s\n' service primary standby verdict
} > "$REPORT_FILE"

nogo=0
while IFS=$'\t' read -r name primary standby; do
  [[ -z $name || $name == \#* ]] && continue
  log "probing $name"
  read -r p_code p_ms <<< "$(probe "$primary")"
  read -r s_code s_ms <<< "$(probe "$standby")"
  v=$(verdict "$p_code" "$s_code" "$s_ms")
  [[ $v == NO-GO* ]] && nogo=$((nogo + 1))
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$p_code" "$s_code" "$s_ms" "$v" >> "$STATE_FILE"
  printf '%-18s %-10s %-10s %s\n' "$name" "$p_code/${p_ms}ms" "$s_code/${s_ms}ms" "$v" >> "$REPORT_FILE"
done < "$SERVICES_FILE"

cat "$REPORT_FILE"
if (( nogo > 0 )); then
  log "$nogo service(s) not ready for failover, see $STATE_FILE"
  exit 1
fi
log "all standbys ready"
