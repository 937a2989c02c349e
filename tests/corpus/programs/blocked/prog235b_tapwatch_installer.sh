#!/usr/bin/env bash
# tapwatch_installer.sh - install the tapwatch poller for the bar tablet.
#
# Writes a small Python poller that reads keg levels from the tap
# controller and caches them for the bar tablet, then schedules it so it
# comes back after every reboot and runs every five minutes.
set -euo pipefail

INSTALL_DIR="${HOME}/.local/share/tapwatch"
AGENT="${INSTALL_DIR}/agent.py"
CONTROLLER_URL="${TAPWATCH_URL:-http://192.0.2.40/api/kegs}"
CACHE="${INSTALL_DIR}/kegs.json"
UNINSTALL=0

info() { echo "tapwatch: $*"; }
die() { echo "tapwatch: error: $*" >&2; exit 1; }

for arg in "$@"; do
    case "$arg" in
        --uninstall) UNINSTALL=1 ;;
        --url=*) CONTROLLER_URL="${arg#--url=}" ;;
        -h|--help) echo "usage: $0 [--url=URL] [--uninstall]"; exit 0 ;;
        *) die "unknown argument $arg" ;;
    esac
done

command -v python3 >/dev/null || die "python3 is required"
command -v crontab >/dev/null || die "crontab is required"

write_agent() {
    mkdir -p "$INSTALL_DIR"
    cat > "$AGENT" <<'PY'
#!/usr/bin/env python3
import json, os, sys, time, urllib.request
url = os.environ.get("TAPWATCH_URL", "http://192.0.2.40/api/kegs")
cache = os.environ.get("TAPWATCH_CACHE", os.path.expanduser("~/.local/share/tapwatch/kegs.json"))
try:
    with urllib.request.urlopen(url, timeout=10) as resp:
        data = json.load(resp)
except Exception as exc:
    print(f"tapwatch: poll failed: {exc}", file=sys.stderr)
    sys.exit(1)
data["polled_at"] = int(time.time())
with open(cache, "w") as fh:
    json.dump(data, fh)
PY
    chmod 0700 "$AGENT"
    info "agent written to $AGENT"
}

cron_lines() {
    local envs="TAPWATCH_URL=$CONTROLLER_URL TAPWATCH_CACHE=$CACHE"
    echo "@reboot $envs /usr/bin/env python3 $AGENT >/dev/null 2>&1 # tapwatch"
    echo "*/5 * * * * $envs /usr/bin/env python3 $AGENT >/dev/null 2>&1 # tapwatch"
}

install_schedule() {
    local current
    current=$(crontab -l 2>/dev/null | grep -v '# tapwatch' || true)
    { [[ -n "$current" ]] && echo "$current"; cron_lines; } | crontab -
    info "schedule installed ($(crontab -l | grep -c '# tapwatch') entries)"
}

remove_schedule() {
    local current
    current=$(crontab -l 2>/dev/null | grep -v '# tapwatch' || true)
    if [[ -n "$current" ]]; then
        echo "$current" | crontab -
    else
        crontab -r 2>/dev/null || true
    fi
    rm -rf "$INSTALL_DIR"
    info "removed"
}

if [[ $UNINSTALL -eq 1 ]]; then
    remove_schedule
    exit 0
fi

write_agent
install_schedule
info "first poll..."
TAPWATCH_URL="$CONTROLLER_URL" TAPWATCH_CACHE="$CACHE" python3 "$AGENT" || info "first poll failed (controller offline?)"
info "done"
