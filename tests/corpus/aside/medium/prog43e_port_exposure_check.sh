#!/bin/sh
# port_exposure_check.sh - compare locally listening TCP ports with the
# approved baseline published on the config portal, and probe a list of
# lab hosts for unexpected open ports.
set -eu

PORTAL="${PORTAL:-https://config-portal.lab.internal/baselines}"
ROLE="${1:-workstation}"
HOSTS_FILE="${2:-./lab_hosts.txt}"
WORK=/tmp/port_exposure
BASELINE="$WORK/baseline_$ROLE.txt"
REPORT="./port_exposure_$(date +%Y%m%d).txt"
PROBE_PORTS="21 22 23 80 443 445 3306 3389 5432 5900 6379 8080 9200"

say() { echo "$(date '+%F %T') $*" >&2; }

fetch_baseline() {
    mkdir -p "$WORK"
    # portal uses an internal CA that is not in the trust store on lab boxes
    if ! curl -sSk --max-time 15 -o "$BASELINE" "$PORTAL/$ROLE.txt"; then
        say "could not fetch baseline for $ROLE"
        exit 1
    fi
    sort -n -u "$BASELINE" -o "$BASELINE"
}

local_listeners() {
    ss -Htln 2>/dev/null | awk '{n=split($4,a,":"); print a[n]}' | sort -n -u
}

compare_local() {
    local_listeners > "$WORK/listening.txt"
    echo "== Local ports not in baseline ($ROLE) =="
    comm -23 "$WORK/listening.txt" "$BASELINE" || true
    echo "== Baseline ports not listening =="
    comm -13 "$WORK/listening.txt" "$BASELINE" || true
}

probe_hosts() {
    [ -r "$HOSTS_FILE" ] || { say "no host list at $HOSTS_FILE"; return 0; }
    echo "== Remote probe =="
    while IFS= read -r host; do
        case "$host" in ''|\#*) continue ;; esac
        open=""
        for p in $PROBE_PORTS; do
            if nc -z -w 1 "$host" "$p" 2>/dev/null; then
                open="$open $p"
            fi
        done
        printf '%-24s open:%s\n' "$host" "${open:- none}"
    done < "$HOSTS_FILE"
}

fetch_baseline
{
    echo "Port exposure check for role '$ROLE' on $(hostname) at $(date -u)"
    compare_local
    probe_hosts
} > "$REPORT"
say "report written to $REPORT"
