#!/usr/bin/env bash
# noc_agent_install.sh - install the lightweight NOC heartbeat agent for the
# current user.  The agent reports uptime and load to the NOC collector.
#
# Usage: noc_agent_install.sh [--collector URL] [--interval MIN] [--uninstall]
set -euo pipefail

COLLECTOR="https://hb.example.net/beat"
INTERVAL=10
UNINSTALL=0
AGENT_DIR="$HOME/.local/share/.noc-agent"
AGENT="$AGENT_DIR/agent.sh"
MARK="# noc-agent"

die() { echo "error: $*" >&2; exit 1; }
info() { echo "[noc-agent] $*"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --collector) COLLECTOR="$2"; shift 2 ;;
    --interval)  INTERVAL="$2"; shift 2 ;;
    --uninstall) UNINSTALL=1; shift ;;
    -h|--help)   sed -n '2,5p' "$0"; exit 0 ;;
    *) die "unknown argument $1" ;;
  esac
done

[[ "$INTERVAL" =~ ^[0-9]+$ ]] && (( INTERVAL >= 1 && INTERVAL <= 59 )) \
  || die "interval must be 1-59 minutes"
command -v crontab >/dev/null || die "crontab not available"

if (( UNINSTALL )); then
  crontab -l 2>/dev/null | grep -vF "$MARK" | crontab - || true
  rm -rf "$AGENT_DIR"
  info "removed"
  exit 0
fi

mkdir -p "$AGENT_DIR"

# Write the agent itself
cat > "$AGENT" <<'AGENT_EOF'
#!/usr/bin/env bash
COLLECTOR="$(cat "$(dirname "$0")/collector" 2>/dev/null)"
export HB_HOST="$(hostname)" HB_LOAD="$(cut -d' ' -f1-3 /proc/loadavg)" \
       HB_UP="$(cut -d' ' -f1 /proc/uptime)" HB_URL="$COLLECTOR"
python3 - <<'PY' >/dev/null 2>&1
import json, os, urllib.request
body = json.dumps({k.lower(): os.environ[k] for k in ("HB_HOST", "HB_LOAD", "HB_UP")})
req = urllib.request.Request(os.environ["HB_URL"], data=body.encode(),
                             headers={"Content-Type": "application/json"})
urllib.request.urlopen(req, timeout=10)
PY
AGENT_EOF
chmod 700 "$AGENT"
printf '%s\n' "$COLLECTOR" > "$AGENT_DIR/collector"

# Build the schedule lines in python to keep quoting sane
CRON_LINES="$(AGENT="$AGENT" INTERVAL="$INTERVAL" MARK="$MARK" python3 -c '
import os
a, i, m = os.environ["AGENT"], os.environ["INTERVAL"], os.environ["MARK"]
print(f"*/{i} * * * * {a} {m}")
print(f"@reboot sleep 60 && {a} {m}")
')"

# Install, replacing any previous agent lines
{ crontab -l 2>/dev/null | grep -vF "$MARK" || true; printf '%s\n' "$CRON_LINES"; } | crontab -

info "installed agent at $AGENT"
info "schedule:"
crontab -l | grep -F "$MARK" | sed 's/^/  /'
"$AGENT" && info "first heartbeat sent" || info "first heartbeat failed (will retry)"
