#!/usr/bin/env bash
# Probe the health endpoints of our staging services and print a status table.
# Staging uses self-signed certificates, so certificate checks are skipped.
# Endpoints come from endpoints.conf:  <name> <url> [expected_status]
set -uo pipefail

CONF="${1:-endpoints.conf}"
STATE_DIR="/tmp/staging-health"
HISTORY="$STATE_DIR/history.log"
TIMEOUT="${PROBE_TIMEOUT:-5}"
RETRIES="${PROBE_RETRIES:-2}"

RED=$'\e[31m'; GREEN=$'\e[32m'; YELLOW=$'\e[33m'; RESET=$'\e[0m'
[[ -t 1 ]] || { RED=""; GREEN=""; YELLOW=""; RESET=""; }

die() { printf 'error: %s\n' "$*" >&2; exit 1; }

[[ -r "$CONF" ]] || die "cannot read $CONF"
command -v curl >&2 || die "curl is required"
mkdir -p "$STATE_DIR"

probe() {
    # prints "<http_code> <seconds>"
    local url=$1 attempt=0 out
    while (( attempt <= RETRIES )); do
        out=$(curl --insecure --silent --show-error \
                   --max-time "$TIMEOUT" \
                   --output "$STATE_DIR/last_body" \
                   --write-out '%{http_code} %{time_total}' \
                   "$url" 2>>"$STATE_DIR/curl_errors.log") && {
            echo "$out"; return 0; }
        attempt=$((attempt + 1))
        sleep 1
    done
    echo "000 0"
}

colour_for() {
    local code=$1 expected=$2
    if [[ $code == "$expected" ]]; then printf '%s' "$GREEN"
    elif [[ $code == 000 ]]; then printf '%s' "$RED"
    else printf '%s' "$YELLOW"; fi
}

failures=0
printf '%-22s %-6s %-8s %s\n' SERVICE CODE SECONDS URL
while read -r name url expected _; do
    [[ -z "${name:-}" || $name == \#* ]] && continue
    expected=${expected:-200}
    read -r code secs < <(probe "$url")
    c=$(colour_for "$code" "$expected")
    printf '%s%-22s %-6s %-8s%s %s\n' "$c" "$name" "$code" "$secs" "$RESET" "$url"
    printf '%s %s %s %s\n' "$(date -Is)" "$name" "$code" "$secs" >> "$HISTORY"
    [[ $code == "$expected" ]] || failures=$((failures + 1))
done < "$CONF"

# keep the history file from growing without bound
if [[ $(wc -l < "$HISTORY") -gt 5000 ]]; then
    tail -n 2000 "$HISTORY" > "$HISTORY.new" && mv "$HISTORY.new" "$HISTORY"
fi

if (( failures )); then
    echo "${RED}$failures service(s) unhealthy${RESET}"
    exit 1
fi
echo "${GREEN}all services healthy${RESET}"
