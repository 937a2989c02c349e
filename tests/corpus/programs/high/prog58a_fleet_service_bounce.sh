#!/usr/bin/env bash
# fleet_service_bounce.sh - rolling restart of a service across an inventory.
# Reads hosts from ./inventory/<group>.txt, restarts one host at a time and
# stops the roll if a host fails its health check.
set -euo pipefail

GROUP="web"
SERVICE="nginx"
HEALTH_PATH="/healthz"
PAUSE=10
DRY_RUN=0

usage() {
    cat <<EOF
usage: $0 [-g group] [-s service] [-p pause] [-n]
  -g  inventory group (file ./inventory/<group>.txt)
  -s  systemd service to restart
  -p  seconds to wait between hosts
  -n  dry run: only print what would happen
EOF
}

while getopts "g:s:p:nh" opt; do
    case "$opt" in
        g) GROUP="$OPTARG" ;;
        s) SERVICE="$OPTARG" ;;
        p) PAUSE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

INVENTORY="./inventory/${GROUP}.txt"
[[ -f "$INVENTORY" ]] || { echo "no inventory $INVENTORY" >&2; exit 1; }

mapfile -t HOSTS < <(grep -vE '^\s*(#|$)' "$INVENTORY")
echo "rolling ${SERVICE} on ${#HOSTS[@]} hosts from ${GROUP}"

remote() {
    local host="$1"; shift
    if (( DRY_RUN )); then
        echo "  [dry] ssh $host $*"
        return 0
    fi
    ssh -o BatchMode=yes -o ConnectTimeout=8 "$host" "$@"
}

health_ok() {
    local host="$1" code
    (( DRY_RUN )) && return 0
    for _ in 1 2 3 4 5; do
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "https://${host}${HEALTH_PATH}" || true)
        [[ "$code" == "200" ]] && return 0
        sleep 3
    done
    return 1
}

failed=()
for host in "${HOSTS[@]}"; do
    echo "== ${host}"
    if ! remote "$host" sudo -n systemctl restart "$SERVICE"; then
        echo "   restart failed"
        failed+=("$host")
        break
    fi
    remote "$host" sudo -n systemctl is-active --quiet "$SERVICE" || {
        echo "   service not active after restart"
        failed+=("$host")
        break
    }
    if ! health_ok "$host"; then
        echo "   health check failed, halting roll"
        failed+=("$host")
        break
    fi
    echo "   ok"
    sleep "$PAUSE"
done

if (( ${#failed[@]} )); then
    echo "roll halted at: ${failed[*]}" >&2
    exit 1
fi
echo "roll complete"
