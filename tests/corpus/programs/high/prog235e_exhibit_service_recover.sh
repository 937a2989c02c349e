#!/usr/bin/env bash
# exhibit_service_recover.sh - check the health endpoints of the exhibit
# player services on this kiosk and restart the ones that stopped answering.
set -uo pipefail

SERVICES_FILE="${SERVICES_FILE:-./exhibit_services.conf}"
HEALTH_TIMEOUT=5
MAX_RESTARTS=3
DRY_RUN=0
LOG_FILE="./service_recover.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    echo "usage: $0 [-f services_file] [-t timeout] [-n]" >&2
    exit 2
}

while getopts ":f:t:nh" opt; do
    case "$opt" in
        f) SERVICES_FILE="$OPTARG" ;;
        t) HEALTH_TIMEOUT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

[[ -f "$SERVICES_FILE" ]] || { log "missing $SERVICES_FILE"; exit 1; }

# services file lines: <unit-name> <health-url>
# e.g. exhibit-planetarium.service http://192.0.2.21:8080/health
probe_all() {
    local unit url code
    while read -r unit url; do
        [[ -z "$unit" || "$unit" == \#* ]] && continue
        code="$(curl -s -o /dev/null -w '%{http_code}' --max-time "$HEALTH_TIMEOUT" "$url" || echo 000)"
        printf '%s %s\n' "$unit" "$code"
    done < "$SERVICES_FILE"
}

RESULTS="$(probe_all)"

# Decide which units need a restart: Python reads the probe results from an
# env var and the restart history from a JSON file in the working directory.
TO_RESTART="$(PROBE_RESULTS="$RESULTS" MAX_RESTARTS="$MAX_RESTARTS" python3 - <<'PYEOF'
import json, os, time
history_path = "restart_history.json"
try:
    with open(history_path) as fh:
        history = json.load(fh)
except (OSError, ValueError):
    history = {}
limit = int(os.environ["MAX_RESTARTS"])
now = time.time()
for line in os.environ["PROBE_RESULTS"].splitlines():
    unit, code = line.split()
    if code == "200":
        history.pop(unit, None)
        continue
    recent = [t for t in history.get(unit, []) if now - t < 3600]
    if len(recent) >= limit:
        continue
    recent.append(now)
    history[unit] = recent
    print(unit)
with open(history_path, "w") as fh:
    json.dump(history, fh)
PYEOF
)"

if [[ -z "$TO_RESTART" ]]; then
    log "all exhibit services healthy"
    exit 0
fi

failed=0
while read -r unit; do
    [[ "$unit" =~ ^exhibit-[a-z0-9-]+\.service$ ]] || { log "refusing odd unit name $unit"; continue; }
    if (( DRY_RUN )); then
        log "dry run: would restart $unit"
        continue
    fi
    log "restarting $unit"
    if sudo -n systemctl restart "$unit"; then
        sleep 2
        state="$(systemctl is-active "$unit" 2>/dev/null || true)"
        log "$unit is now $state"
    else
        log "restart of $unit failed"
        failed=$((failed + 1))
    fi
done <<< "$TO_RESTART"

log "recovery pass done, $failed failure(s)"
exit $(( failed > 0 ))
