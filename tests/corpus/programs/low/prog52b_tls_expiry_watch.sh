#!/usr/bin/env bash
# tls_expiry_watch.sh - check certificate expiry and HTTP reachability for
# the endpoints listed in endpoints.txt (host[:port] [path] per line).
# Writes a CSV to ./status/ and exits non-zero if anything expires soon.
set -uo pipefail

ENDPOINTS_FILE="${1:-endpoints.txt}"
WARN_DAYS="${WARN_DAYS:-21}"
CONNECT_TIMEOUT="${CONNECT_TIMEOUT:-8}"
OUT_DIR="./status"
CSV="$OUT_DIR/tls-$(date +%F).csv"

declare -A EXPIRY
declare -A HTTP_CODE
failures=0

info() { printf '%s INFO  %s\n' "$(date '+%F %T')" "$*"; }
warn() { printf '%s WARN  %s\n' "$(date '+%F %T')" "$*" >&2; }

# Print the notAfter date of the leaf certificate served by host:port.
cert_not_after() {
    local host="$1" port="$2"
    timeout "$CONNECT_TIMEOUT" \
        openssl s_client -connect "${host}:${port}" -servername "$host" \
            -verify_return_error </dev/null 2>/dev/null \
        | openssl x509 -noout -enddate 2>/dev/null \
        | sed -n 's/^notAfter=//p'
}

days_until() {
    local end_epoch now_epoch
    end_epoch="$(date -d "$1" +%s 2>/dev/null)" || return 1
    now_epoch="$(date +%s)"
    echo $(( (end_epoch - now_epoch) / 86400 ))
}

# HEAD request; only the status line matters.
http_status() {
    curl --silent --head --max-time "$CONNECT_TIMEOUT" \
         --output /dev/null --write-out '%{http_code}' "$1"
}

check_endpoint() {
    local spec="$1" path="${2:-/}" host port not_after days code
    host="${spec%%:*}"
    port="${spec##*:}"
    [ "$port" = "$spec" ] && port=443

    not_after="$(cert_not_after "$host" "$port")"
    if [ -z "$not_after" ]; then
        warn "$host:$port - no certificate retrieved"
        EXPIRY["$spec"]="unknown"
        failures=$((failures + 1))
    else
        days="$(days_until "$not_after")"
        EXPIRY["$spec"]="$days"
        if [ "$days" -lt "$WARN_DAYS" ]; then
            warn "$host:$port expires in $days day(s) ($not_after)"
            failures=$((failures + 1))
        else
            info "$host:$port ok, $days day(s) left"
        fi
    fi

    code="$(http_status "https://${host}:${port}${path}")"
    HTTP_CODE["$spec"]="$code"
    case "$code" in
        2??|3??) : ;;
        *) warn "$host:$port$path answered HTTP $code"; failures=$((failures + 1)) ;;
    esac
}

[ -r "$ENDPOINTS_FILE" ] || { warn "missing $ENDPOINTS_FILE"; exit 2; }
mkdir -p "$OUT_DIR"

while read -r spec path _rest; do
    [[ -z "$spec" || "$spec" == \#* ]] && continue
    check_endpoint "$spec" "$path"
done <"$ENDPOINTS_FILE"

{
    echo "endpoint,days_left,http_code"
    for key in "${!EXPIRY[@]}"; do
        printf '%s,%s,%s\n' "$key" "${EXPIRY[$key]}" "${HTTP_CODE[$key]:-}"
    done | sort
} >"$CSV"

info "wrote $CSV (${#EXPIRY[@]} endpoint(s), $failures problem(s))"
[ "$failures" -eq 0 ]
