#!/usr/bin/env bash
# fleet_uptime_sweep.sh - run read-only health commands on every host in a
# list, in parallel, and collect the output in one report.
set -u

HOSTS_FILE="${1:-./hosts.txt}"
PARALLEL="${PARALLEL:-8}"
REPORT="/tmp/fleet_sweep_report.txt"
WORKDIR="/tmp/fleet_sweep"
SSH_USER="${SSH_USER:-$USER}"

CHECKS=(
    "uptime"
    "df -h --output=target,pcent / /var 2>/dev/null"
    "free -m | awk 'NR==2{print \"mem used \" \$3 \"/\" \$2 \" MB\"}'"
    "cat /proc/loadavg"
)

[[ -f "$HOSTS_FILE" ]] || { echo "hosts file $HOSTS_FILE not found" >&2; exit 1; }

rm -rf "$WORKDIR"
mkdir -p "$WORKDIR"

probe() {
    local host="$1" out="$WORKDIR/$1.out" cmd joined=""
    for cmd in "${CHECKS[@]}"; do
        joined+="echo '--- ${cmd%% *}'; ${cmd}; "
    done
    if ssh -n -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
           -o ConnectTimeout=5 -o BatchMode=yes \
           "${SSH_USER}@${host}" "$joined" >"$out" 2>&1; then
        echo "ok" >"$WORKDIR/$host.status"
    else
        echo "unreachable" >"$WORKDIR/$host.status"
    fi
}

running=0
while read -r host _; do
    [[ -z "$host" || "$host" == \#* ]] && continue
    probe "$host" &
    running=$((running + 1))
    if (( running >= PARALLEL )); then
        wait -n
        running=$((running - 1))
    fi
done <"$HOSTS_FILE"
wait

{
    echo "fleet sweep $(date -Is)"
    echo
    ok=0; bad=0
    for status in "$WORKDIR"/*.status; do
        [[ -e "$status" ]] || continue
        host="$(basename "$status" .status)"
        if [[ "$(cat "$status")" == ok ]]; then
            ok=$((ok + 1))
            echo "### $host"
            cat "$WORKDIR/$host.out"
            echo
        else
            bad=$((bad + 1))
            echo "### $host UNREACHABLE"
        fi
    done
    echo "summary: $ok ok, $bad unreachable"
} >"$REPORT"

echo "report written to $REPORT"
tail -n 1 "$REPORT"
