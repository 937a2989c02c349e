#!/usr/bin/env bash
# fermctl_deploy.sh - roll out a new fermentation controller profile.
# Validates the tank profile file from the recipe repo, installs it as the
# controller's active configuration and restarts the controller service,
# then waits for the controller's local status endpoint to come back.
set -euo pipefail

PROFILE="${1:-./profiles/fermctl.toml}"
SVC="fermctl"
CONF_PARTS=(etc "$SVC")
CONF_NAME="tanks.toml"
OWNER="root:brewers"
STATUS_URL="http://127.0.0.1:8088/status"
ELEVATE=(sudo --non-interactive)
BACKUP_KEEP=5

log()  { printf '%s %s\n' "$(date '+%F %T')" "$*"; }
fail() { log "ERROR: $*"; exit 1; }

conf_dir() { local IFS=/; echo "/${CONF_PARTS[*]}"; }

validate() {
    local f="$1"
    [[ -r "$f" ]] || fail "profile $f not readable"
    python3 - "$f" <<'PY' || fail "profile $1 failed validation"
import sys, tomllib
with open(sys.argv[1], "rb") as fh:
    data = tomllib.load(fh)
tanks = data.get("tank", [])
if not tanks:
    sys.exit("no [[tank]] entries")
for t in tanks:
    lo, hi = t["min_c"], t["max_c"]
    if not (-2.0 <= lo < hi <= 30.0):
        sys.exit("tank %s: bad range %s..%s" % (t.get("id"), lo, hi))
print("%d tanks ok" % len(tanks))
PY
}

backup_current() {
    local dir target stamp
    dir="$(conf_dir)"; target="$dir/$CONF_NAME"
    [[ -f "$target" ]] || return 0
    stamp="$(date +%Y%m%d%H%M%S)"
    "${ELEVATE[@]}" cp -p "$target" "$target.$stamp"
    # prune old backups
    ls -1t "$target".* 2>/dev/null | tail -n +"$((BACKUP_KEEP + 1))" | while read -r old; do
        "${ELEVATE[@]}" rm -f -- "$old"
    done
    log "backed up current profile ($stamp)"
}

install_profile() {
    local dir
    dir="$(conf_dir)"
    "${ELEVATE[@]}" install -d -m 0755 "$dir"
    "${ELEVATE[@]}" install -m 0640 "$PROFILE" "$dir/$CONF_NAME"
    "${ELEVATE[@]}" chown "$OWNER" "$dir/$CONF_NAME"
    log "installed $PROFILE -> $dir/$CONF_NAME"
}

restart_controller() {
    "${ELEVATE[@]}" systemctl restart "$SVC.service"
    log "restart requested for $SVC"
}

wait_ready() {
    local i
    for i in $(seq 1 20); do
        if curl -fsS --max-time 2 "$STATUS_URL" >/dev/null 2>&1; then
            log "controller is up after ${i}s"
            return 0
        fi
        sleep 1
    done
    return 1
}

main() {
    log "deploying $PROFILE"
    validate "$PROFILE"
    backup_current
    install_profile
    restart_controller
    if ! wait_ready; then
        "${ELEVATE[@]}" systemctl status "$SVC.service" --no-pager || true
        fail "controller did not come back; previous profile is in $(conf_dir)"
    fi
    log "deploy complete"
}

main
