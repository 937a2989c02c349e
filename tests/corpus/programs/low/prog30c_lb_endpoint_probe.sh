#!/usr/bin/env bash
# Probe the health endpoints of the services behind our load balancers.
#
# Reads ./endpoints.conf (one "name url" pair per line), tags each result with
# the availability zone of the probing instance (from the instance metadata
# placement path) and writes a small JSON-lines report under ./reports/.
set -euo pipefail

CONF="${1:-./endpoints.conf}"
REPORT_DIR="./reports"
TIMEOUT="${PROBE_TIMEOUT:-5}"
RETRIES="${PROBE_RETRIES:-2}"
IMDS="http://169.254.169.254/latest/meta-data"

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

usage() {
    cat <<EOF
Usage: $0 [endpoints.conf]
  PROBE_TIMEOUT   per-request timeout in seconds (default 5)
  PROBE_RETRIES   retries on failure (default 2)
EOF
}

probe_zone() {
    # Placement only; returns "local" when not on EC2.
    local az
    if az=$(curl -fsS --max-time 1 "${IMDS}/placement/availability-zone" 2>/dev/null); then
        printf '%s' "$az"
    else
        printf 'local'
    fi
}

probe_one() {
    local name=$1 url=$2 attempt=0 code=000 elapsed=0
    while (( attempt <= RETRIES )); do
        if out=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' \
                      --max-time "$TIMEOUT" -H 'Accept: application/json' "$url"); then
            code=${out%% *}
            elapsed=${out##* }
            [[ $code =~ ^2 ]] && break
        fi
        attempt=$((attempt + 1))
        sleep 1
    done
    printf '{"name":"%s","url":"%s","status":%d,"seconds":%s,"attempts":%d,"zone":"%s"}\n' \
        "$name" "$url" "$((10#$code))" "$elapsed" "$((attempt + 1))" "$ZONE"
}

main() {
    if [[ ${1:-} == "-h" || ${1:-} == "--help" ]]; then
        usage
        exit 0
    fi
    if [[ ! -r $CONF ]]; then
        log "cannot read $CONF"
        exit 2
    fi
    mkdir -p "$REPORT_DIR"
    ZONE=$(probe_zone)
    local report="$REPORT_DIR/probe-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
    local failures=0 total=0

    while read -r name url; do
        [[ -z ${name:-} || $name == \#* ]] && continue
        total=$((total + 1))
        line=$(probe_one "$name" "$url")
        echo "$line" >> "$report"
        status=$(sed -E 's/.*"status":([0-9]+).*/\1/' <<<"$line")
        if [[ $status -lt 200 || $status -ge 300 ]]; then
            failures=$((failures + 1))
            log "FAIL $name ($url) -> $status"
        else
            log "ok   $name"
        fi
    done < "$CONF"

    log "$total endpoints probed from $ZONE, $failures failing; report: $report"
    # keep only the 20 most recent reports
    ls -1t "$REPORT_DIR"/probe-*.jsonl 2>/dev/null | tail -n +21 | while read -r old; do
        rm -f -- "$old"
    done
    [[ $failures -eq 0 ]]
}

main "$@"
