#!/usr/bin/env bash
# Restart the Open Lighting Architecture daemon (olad) when the DMX universes
# stop updating, then confirm it came back with the expected universes.
set -uo pipefail

SERVICE="${OLA_SERVICE:-olad}"
OLA_HTTP="${OLA_HTTP:-http://localhost:9090}"
EXPECTED_UNIVERSES="${EXPECTED_UNIVERSES:-1 2 3 4}"
WAIT_SECS="${WAIT_SECS:-20}"
LOG_FILE="${LOG_FILE:-./ola_restart.log}"
STATUS_ONLY=0

log() {
    printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    echo "usage: $0 [-s service] [-w wait_secs] [--status]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) SERVICE="$2"; shift 2 ;;
        -w) WAIT_SECS="$2"; shift 2 ;;
        --status) STATUS_ONLY=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

service_state() {
    local props
    props=$(systemctl show "$SERVICE" --property=ActiveState,SubState,NRestarts,ExecMainStartTimestamp 2>/dev/null)
    SVC_PROPS="$props" python3 -c '
import os
props = dict(l.split("=", 1) for l in os.environ["SVC_PROPS"].splitlines() if "=" in l)
print("{ActiveState}/{SubState} restarts={NRestarts} since={ExecMainStartTimestamp}".format(
    **{k: props.get(k, "?") for k in ("ActiveState", "SubState", "NRestarts", "ExecMainStartTimestamp")}))
'
}

universes_up() {
    local json
    json=$(curl -fsS --max-time 3 "$OLA_HTTP/json/universe_plugin_list" 2>/dev/null) || return 1
    OLA_JSON="$json" EXPECTED="$EXPECTED_UNIVERSES" python3 - <<'PY'
import json, os, sys
data = json.loads(os.environ["OLA_JSON"])
have = {u["id"] for u in data.get("universes", [])}
want = {int(x) for x in os.environ["EXPECTED"].split()}
missing = sorted(want - have)
if missing:
    print("missing universes: %s" % missing)
    sys.exit(1)
print("universes ok: %s" % sorted(have))
PY
}

log INFO "$SERVICE state: $(service_state)"
if [[ $STATUS_ONLY -eq 1 ]]; then
    universes_up || true
    exit 0
fi

log INFO "restarting $SERVICE"
if ! sudo systemctl restart "$SERVICE"; then
    log ERROR "systemctl restart $SERVICE failed"
    sudo systemctl status "$SERVICE" --no-pager -n 20 >>"$LOG_FILE" 2>&1
    exit 1
fi

deadline=$((SECONDS + WAIT_SECS))
while (( SECONDS < deadline )); do
    if result=$(universes_up); then
        log INFO "$result"
        log INFO "$SERVICE state: $(service_state)"
        exit 0
    fi
    sleep 2
done

log ERROR "$SERVICE restarted but universes not back after ${WAIT_SECS}s"
log INFO "$SERVICE state: $(service_state)"
exit 1
