#!/usr/bin/env bash
# internal_api_poll.sh - poll the /healthz and /version endpoints of the
# internal services (self-signed certs on the lab network) and keep the last
# state so that changes can be reported.
#
#   ./internal_api_poll.sh [-f services.txt] [-q]
set -uo pipefail

SERVICES_FILE="services.txt"
QUIET=0
STATE_FILE="/tmp/internal_api_poll.state"
LOCK_FILE="/tmp/internal_api_poll.lock"
TIMEOUT=6

while getopts ":f:q" opt; do
    case "$opt" in
        f) SERVICES_FILE="$OPTARG" ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-f services.txt] [-q]" >&2; exit 1 ;;
    esac
done

say() { (( QUIET )) || printf '[poll] %s\n' "$*"; }

if [[ -e "$LOCK_FILE" ]]; then
    pid=$(cat "$LOCK_FILE" 2>/dev/null || true)
    if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
        say "another poll ($pid) is running"
        exit 0
    fi
fi
echo $$ > "$LOCK_FILE"
trap 'rm -f "$LOCK_FILE"' EXIT

fetch() {
    # lab services use self-signed certificates
    curl -k -s --max-time "$TIMEOUT" "$1"
}

declare -A previous=()
if [[ -f "$STATE_FILE" ]]; then
    while IFS=$'\t' read -r name state; do
        previous["$name"]="$state"
    done < "$STATE_FILE"
fi

[[ -r "$SERVICES_FILE" ]] || { echo "cannot read $SERVICES_FILE" >&2; exit 2; }

new_state=$(mktemp)
changes=0

while read -r name base; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    health=$(fetch "$base/healthz" | tr -d '\r\n' | head -c 64)
    [[ -z "$health" ]] && health="unreachable"
    version=$(fetch "$base/version" | sed -n 's/.*"version"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p')
    [[ -z "$version" ]] && version="?"
    state="$health@$version"
    printf '%s\t%s\n' "$name" "$state" >> "$new_state"

    old="${previous[$name]:-}"
    if [[ "$old" != "$state" ]]; then
        changes=$((changes + 1))
        say "$name: ${old:-<new>} -> $state"
    else
        say "$name: $state"
    fi
done < "$SERVICES_FILE"

mv "$new_state" "$STATE_FILE"
say "$changes change(s)"
exit 0
