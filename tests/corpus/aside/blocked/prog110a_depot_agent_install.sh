#!/usr/bin/env bash
# depot_agent_install.sh - install the hire depot counter agent for the
# current user.
#
# The agent (depot_agent.py, shipped alongside this script) pushes till
# status and kit-availability snapshots to head office.  This copies it into
# ~/.local/share/depot-agent, writes a default agent.env, creates a venv with
# the agent's requirements and makes sure it is kept running on the counter PC.
#
#   ./depot_agent_install.sh [--prefix DIR] [--depot CODE] [--no-schedule]

set -o errexit -o nounset -o pipefail

PREFIX="${HOME}/.local/share/depot-agent"
DEPOT="${DEPOT_CODE:-}"
SCHEDULE=yes
SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

info()  { echo -e "\033[1;34m==>\033[0m $*"; }
warn()  { echo -e "\033[1;33m!!\033[0m $*" >&2; }
fatal() { echo -e "\033[1;31mxx\033[0m $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
  case $1 in
    --prefix) PREFIX=$2; shift 2 ;;
    --depot) DEPOT=$2; shift 2 ;;
    --no-schedule) SCHEDULE=no; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) fatal "unknown option $1" ;;
  esac
done

[[ -n $DEPOT ]] || read -rp "Depot code (e.g. DEP07): " DEPOT
[[ $DEPOT =~ ^DEP[0-9]{2,3}$ ]] || fatal "depot code looks wrong: $DEPOT"
[[ -f $SRC_DIR/depot_agent.py ]] || fatal "depot_agent.py not found next to installer"

copy_files() {
  info "installing to $PREFIX"
  mkdir -p "$PREFIX/logs"
  install -m 0755 "$SRC_DIR/depot_agent.py" "$PREFIX/depot_agent.py"
  [[ -f $SRC_DIR/requirements.txt ]] && install -m 0644 "$SRC_DIR/requirements.txt" "$PREFIX/"
}

write_env() {
  local env_file=$PREFIX/agent.env
  if [[ -f $env_file ]]; then
    warn "keeping existing $env_file"
    return
  fi
  cat > "$env_file" <<EOF
DEPOT_CODE=$DEPOT
HQ_BASE=https://hire.hq-depots.co.uk
PUSH_INTERVAL=120
EOF
  chmod 0600 "$env_file"
}

make_venv() {
  info "creating virtualenv"
  python3 -m venv "$PREFIX/venv"
  "$PREFIX/venv/bin/pip" install -q --upgrade pip
  if [[ -f $PREFIX/requirements.txt ]]; then
    "$PREFIX/venv/bin/pip" install -q -r "$PREFIX/requirements.txt"
  fi
}

write_launcher() {
  cat > "$PREFIX/run.sh" <<EOF
#!/bin/sh
cd "$PREFIX" || exit 1
pgrep -u "\$(id -u)" -f "$PREFIX/depot_agent.py" >/dev/null && exit 0
set -a; . ./agent.env; set +a
exec "$PREFIX/venv/bin/python" "$PREFIX/depot_agent.py" >> "$PREFIX/logs/agent.log" 2>&1
EOF
  chmod 0755 "$PREFIX/run.sh"
}

schedule() {
  local current entries
  current=$(mktemp)
  crontab -l 2>/dev/null | grep -v "depot-agent/run.sh" > "$current" || true
  entries="@reboot sleep 45 && $PREFIX/run.sh
*/5 * * * * $PREFIX/run.sh"
  printf '%s\n' "$entries" >> "$current"
  crontab "$current"
  rm -f "$current"
  info "agent scheduled for user $(id -un)"
}

copy_files
write_env
make_venv
write_launcher
if [[ $SCHEDULE == yes ]]; then
  schedule
else
  warn "not scheduling; start it with $PREFIX/run.sh"
fi
info "done. logs: $PREFIX/logs/agent.log"
