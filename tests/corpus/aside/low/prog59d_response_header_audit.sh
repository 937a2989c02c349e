#!/usr/bin/env bash
# Audit security-related response headers (HSTS, CSP, cookie flags, Server)
# for the URLs listed in ./urls.txt. Uses HEAD requests only and writes a
# TSV report into the working directory.
set -euo pipefail

URL_FILE="${1:-urls.txt}"
REPORT="${2:-header_audit.tsv}"
UA="header-audit/1.4 (+https://wiki.example.com/sec/header-audit)"
TIMEOUT=10

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

fetch_headers() {
    local url="$1"
    curl --silent --head --location --max-time "$TIMEOUT" \
         --user-agent "$UA" "$url" | tr -d '\r'
}

header_value() {
    # $1 = header blob, $2 = header name (case-insensitive)
    printf '%s\n' "$1" | awk -v name="$2" 'BEGIN{IGNORECASE=1}
        tolower($0) ~ "^" tolower(name) ":" { sub(/^[^:]*:[ ]*/, ""); v=$0 }
        END { print v }'
}

cookie_flags() {
    local blob="$1" missing=""
    while IFS= read -r line; do
        name="${line%%=*}"
        name="${name#*: }"
        case "${line,,}" in
            *secure*) ;;
            *) missing+="${name}:nosecure " ;;
        esac
        case "${line,,}" in
            *httponly*) ;;
            *) missing+="${name}:nohttponly " ;;
        esac
    done < <(printf '%s\n' "$blob" | grep -i '^set-cookie:' || true)
    printf '%s' "${missing:-ok}"
}

main() {
    if [[ ! -r "$URL_FILE" ]]; then
        log "cannot read $URL_FILE"
        exit 1
    fi
    printf 'url\tstatus\thsts\tcsp\tserver\tcookies\n' > "$REPORT"
    local count=0
    while IFS= read -r url; do
        [[ -z "$url" || "$url" == \#* ]] && continue
        log "checking $url"
        if ! headers="$(fetch_headers "$url")"; then
            printf '%s\tERROR\t-\t-\t-\t-\n' "$url" >> "$REPORT"
            continue
        fi
        status="$(printf '%s\n' "$headers" | awk '/^HTTP\//{s=$2} END{print s}')"
        hsts="$(header_value "$headers" strict-transport-security)"
        csp="$(header_value "$headers" content-security-policy)"
        server="$(header_value "$headers" server)"
        cookies="$(cookie_flags "$headers")"
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$url" "${status:-?}" \
            "${hsts:+yes}" "${csp:+yes}" "${server:-hidden}" "$cookies" >> "$REPORT"
        count=$((count + 1))
    done < "$URL_FILE"
    log "audited $count URLs; report in $REPORT"
}

main "$@"
