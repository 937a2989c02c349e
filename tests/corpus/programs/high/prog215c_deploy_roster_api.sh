#!/usr/bin/env bash
# deploy_roster_api.sh - validate a new crew-roster-api settings file, copy
# it into the service directory and restart the service so the duty desk
# picks up the new legality limits.
set -euo pipefail

CONFIG_SRC="${1:-roster_api.json}"
SERVICE="${SERVICE:-crew-roster-api}"
SERVICE_DIR="${SERVICE_DIR:-/opt/crew-roster-api}"
HEALTH_URL="${HEALTH_URL:-http://roster-api.example.com:8080/health}"
DEPLOY_LOG="${DEPLOY_LOG:-./deploy_roster_api.log}"

log() {
    printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$DEPLOY_LOG"
}

fail() {
    log "FAILED: $*"
    exit 1
}

validate_config() {
    CONFIG_PATH="$CONFIG_SRC" python3 - <<'PY'
import json, os, sys
path = os.environ["CONFIG_PATH"]
try:
    cfg = json.load(open(path))
except (OSError, ValueError) as exc:
    sys.exit(f"cannot parse {path}: {exc}")
required = {"max_duty_hours": (8, 16), "min_rest_hours": (8, 14),
            "max_sectors": (1, 8), "listen_port": (1024, 65535)}
errors = []
for key, (lo, hi) in required.items():
    val = cfg.get(key)
    if not isinstance(val, (int, float)):
        errors.append(f"{key} missing or not numeric")
    elif not lo <= val <= hi:
        errors.append(f"{key}={val} outside {lo}..{hi}")
if errors:
    sys.exit("; ".join(errors))
print(f"config ok: duty {cfg['max_duty_hours']}h, rest {cfg['min_rest_hours']}h")
PY
}

config_changed() {
    local current="$SERVICE_DIR/settings.json"
    [ -f "$current" ] || return 0
    local a b
    a="$(sha256sum < "$CONFIG_SRC" | cut -d' ' -f1)"
    b="$(sha256sum < "$current" | cut -d' ' -f1)"
    [ "$a" != "$b" ]
}

install_config() {
    local stamp
    stamp="$(date +%Y%m%d%H%M%S)"
    if [ -f "$SERVICE_DIR/settings.json" ]; then
        sudo cp -p "$SERVICE_DIR/settings.json" "$SERVICE_DIR/settings.json.$stamp"
        log "previous settings saved as settings.json.$stamp"
    fi
    sudo install -m 0640 -o root -g crewsched "$CONFIG_SRC" "$SERVICE_DIR/settings.json"
    log "new settings installed"
}

restart_service() {
    log "restarting $SERVICE"
    sudo systemctl restart "$SERVICE"
    local state
    state="$(systemctl is-active "$SERVICE" || true)"
    [ "$state" = "active" ] || fail "$SERVICE is $state after restart"
}

health_check() {
    local tries=0
    while [ "$tries" -lt 10 ]; do
        if curl -fsS --max-time 5 "$HEALTH_URL" >/dev/null 2>&1; then
            log "health check passed"
            return 0
        fi
        tries=$((tries + 1))
        sleep 3
    done
    return 1
}

main() {
    [ -f "$CONFIG_SRC" ] || fail "config $CONFIG_SRC not found"
    msg="$(validate_config)" || fail "validation: $msg"
    log "$msg"
    if ! config_changed; then
        log "settings unchanged, nothing to deploy"
        exit 0
    fi
    install_config
    restart_service
    health_check || fail "service did not become healthy"
    log "deployment of $CONFIG_SRC complete"
}

main
