#!/usr/bin/env bash
# Validate the ABI filer daemon's configuration and restart it.
# Used after editing filer settings (filer code, port list, batch size)
# so a bad config never takes the filing queue down.
set -euo pipefail

SERVICE="${SERVICE:-abi-filer.service}"
CONFIG="${FILER_CONFIG:-/opt/abi-filer/filer.json}"
WAIT_SECS="${WAIT_SECS:-20}"
SKIP_VALIDATE=0

log() { printf '%s [%s] %s\n' "$(date +%FT%T)" "${SERVICE%.service}" "$*"; }
die() { log "ERROR: $*"; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        -s|--service) SERVICE="$2"; shift 2 ;;
        -c|--config) CONFIG="$2"; shift 2 ;;
        -w|--wait) WAIT_SECS="$2"; shift 2 ;;
        --skip-validate) SKIP_VALIDATE=1; shift ;;
        -h|--help) echo "usage: $0 [-s unit] [-c config] [-w secs] [--skip-validate]"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

validate_config() {
    [ -r "$CONFIG" ] || die "cannot read $CONFIG"
    CONFIG_PATH="$CONFIG" python3 - <<'PY'
import json, os, re, sys

path = os.environ["CONFIG_PATH"]
try:
    cfg = json.load(open(path))
except ValueError as exc:
    sys.exit(f"{path}: invalid JSON: {exc}")
errors = []
if not re.fullmatch(r"[A-Z0-9]{3}", str(cfg.get("filer_code", ""))):
    errors.append("filer_code must be 3 upper-case alphanumerics")
ports = cfg.get("ports", [])
if not ports or not all(re.fullmatch(r"\d{4}", str(p)) for p in ports):
    errors.append("ports must be a non-empty list of 4-digit port codes")
batch = cfg.get("batch_size", 0)
if not isinstance(batch, int) or not 1 <= batch <= 500:
    errors.append("batch_size must be 1..500")
if errors:
    sys.exit("\n".join(errors))
print(f"ok: filer {cfg['filer_code']}, {len(ports)} ports, batch {batch}")
PY
}

wait_active() {
    local i state
    for ((i = 0; i < WAIT_SECS; i++)); do
        state="$(systemctl is-active "$SERVICE" 2>/dev/null || true)"
        [ "$state" = "active" ] && return 0
        [ "$state" = "failed" ] && return 1
        sleep 1
    done
    return 1
}

main() {
    if [ "$SKIP_VALIDATE" -eq 0 ]; then
        log "validating $CONFIG"
        validate_config || die "config invalid; not restarting"
    fi
    log "restarting $SERVICE"
    systemctl restart "$SERVICE"
    if wait_active; then
        log "$SERVICE is active"
        systemctl --no-pager --lines=5 status "$SERVICE" || true
    else
        log "$SERVICE did not come up; recent journal:"
        journalctl -u "$SERVICE" -n 30 --no-pager || true
        exit 1
    fi
}

main
