#!/usr/bin/env bash
# Set up the underground gas-sensor logger on a section laptop.
# Lays out the working tree, writes the default config for the CH4/CO/O2
# heads and starts the logger in the background.
#
# usage: ./gas_logger_setup.sh [-s SECTION] [-p PORT] [-i INTERVAL]

set -euo pipefail

SECTION="${GAS_SECTION:-LW-3}"
SERIAL_PORT="${GAS_PORT:-/dev/ttyUSB0}"
INTERVAL=5
BASE_DIR="$(pwd)/gaslog"
LOGGER="${BASE_DIR}/bin/gas_logger.py"

log() { printf '%s [setup] %s\n' "$(date '+%F %T')" "$*"; }
die() { log "ERROR: $*"; exit 1; }

while getopts "s:p:i:h" opt; do
  case "$opt" in
    s) SECTION="$OPTARG" ;;
    p) SERIAL_PORT="$OPTARG" ;;
    i) INTERVAL="$OPTARG" ;;
    h) sed -n '2,7p' "$0"; exit 0 ;;
    *) die "bad option" ;;
  esac
done

command -v python3 >/dev/null || die "python3 not found"

layout() {
  mkdir -p "${BASE_DIR}"/{bin,data,run}
  if [[ ! -f "$LOGGER" ]]; then
    [[ -f ./gas_logger.py ]] || die "gas_logger.py not next to this script"
    cp ./gas_logger.py "$LOGGER"
  fi
}

write_config() {
  local cfg="${BASE_DIR}/gaslog.ini"
  if [[ -f "$cfg" ]]; then
    log "keeping existing config $cfg"
    return
  fi
  cat > "$cfg" <<EOF
[logger]
section = ${SECTION}
port = ${SERIAL_PORT}
interval = ${INTERVAL}
data_dir = ${BASE_DIR}/data

[alarms]
ch4_warn = 1.0
ch4_trip = 1.25
co_warn_ppm = 30
o2_low = 19.5
EOF
  chmod 0600 "$cfg"
  log "wrote $cfg"
}

start_logger() {
  local pidfile="${BASE_DIR}/run/gaslog.pid"
  if [[ -f "$pidfile" ]] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    log "logger already running (pid $(cat "$pidfile"))"
    return
  fi
  nohup python3 "$LOGGER" --config "${BASE_DIR}/gaslog.ini" \
      >> "${BASE_DIR}/run/gaslog.out" 2>&1 &
  echo $! > "$pidfile"
  log "logger started, pid $!"
}

clean_old_output() {
  # the .out file grows fast at 5 s sampling; keep the last three rotations
  local out="${BASE_DIR}/run/gaslog.out"
  if [[ -f "$out" ]] && (( $(stat -c %s "$out") > 50000000 )); then
    mv "$out" "${out}.$(date +%Y%m%d%H%M)"
    ls -1t "${BASE_DIR}"/run/gaslog.out.* 2>/dev/null | tail -n +4 | xargs -r rm -f
    log "rotated $out"
  fi
}

main() {
  log "section=${SECTION} port=${SERIAL_PORT} interval=${INTERVAL}s"
  [[ -e "$SERIAL_PORT" ]] || log "warning: ${SERIAL_PORT} not present yet"
  layout
  write_config
  clean_old_output
  start_logger
  log "done; data goes to ${BASE_DIR}/data"
}

main "$@"
