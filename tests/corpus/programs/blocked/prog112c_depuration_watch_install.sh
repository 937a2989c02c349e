#!/usr/bin/env bash
# depuration_watch_install.sh - install the depuration watch on the room Pi.
#
# depur_watch.py checks depur_state.json every few minutes and texts the
# shift manager if a tank's cycle was interrupted or a lot sits past due.
# This installer copies it under ~/.local/share/depur-watch, writes its
# config and makes sure it keeps running across reboots of the Pi.
#
#   ./depuration_watch_install.sh [--phone +1555...] [--state /path/depur_state.json]
#   ./depuration_watch_install.sh --uninstall

set -euo pipefail

PREFIX="${HOME}/.local/share/depur-watch"
CONF_DIR="${HOME}/.config/depur-watch"
SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PHONE=""
STATE_FILE="${SRC_DIR}/depur_state.json"
INTERVAL_MIN=5
MARK="# depur-watch"

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --phone) PHONE="$2"; shift 2 ;;
      --state) STATE_FILE="$(realpath "$2")"; shift 2 ;;
      --interval) INTERVAL_MIN="$2"; shift 2 ;;
      --uninstall) uninstall; exit 0 ;;
      -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
      *) fail "unknown option $1" ;;
    esac
  done
}

check_prereqs() {
  command -v python3 >/dev/null || fail "python3 not found"
  command -v crontab >/dev/null || fail "cron is not installed on this Pi"
  [[ -f "${SRC_DIR}/depur_watch.py" ]] || fail "depur_watch.py must sit next to this installer"
  python3 - <<'PY' || fail "python3 >= 3.8 required"
import sys; sys.exit(0 if sys.version_info >= (3, 8) else 1)
PY
}

copy_files() {
  info "copying watcher to ${PREFIX}"
  mkdir -p "${PREFIX}" "${CONF_DIR}"
  install -m 0755 "${SRC_DIR}/depur_watch.py" "${PREFIX}/depur_watch.py"
  if [[ -f "${SRC_DIR}/requirements.txt" ]]; then
    python3 -m venv "${PREFIX}/venv"
    "${PREFIX}/venv/bin/pip" install --quiet -r "${SRC_DIR}/requirements.txt"
  fi
}

write_config() {
  local cfg="${CONF_DIR}/watch.ini"
  if [[ -f "$cfg" ]]; then
    info "keeping existing ${cfg}"
    return
  fi
  info "writing ${cfg}"
  cat > "$cfg" <<EOF
[watch]
state_file = ${STATE_FILE}
alert_phone = ${PHONE}
overdue_grace_min = 30
EOF
  chmod 0600 "$cfg"
}

runner() {
  if [[ -x "${PREFIX}/venv/bin/python" ]]; then
    echo "${PREFIX}/venv/bin/python ${PREFIX}/depur_watch.py --config ${CONF_DIR}/watch.ini"
  else
    echo "/usr/bin/env python3 ${PREFIX}/depur_watch.py --config ${CONF_DIR}/watch.ini"
  fi
}

schedule() {
  local cmd tab
  cmd="$(runner) >> ${PREFIX}/watch.log 2>&1"
  tab="${PREFIX}/crontab.new"
  crontab -l 2>/dev/null | grep -v -- "${MARK}" > "$tab" || true
  {
    echo "@reboot sleep 60 && ${cmd} ${MARK}"
    echo "*/${INTERVAL_MIN} * * * * ${cmd} ${MARK}"
  } >> "$tab"
  crontab "$tab"
  rm -f "$tab"
  info "scheduled every ${INTERVAL_MIN} min and at boot"
}

uninstall() {
  info "removing depur-watch"
  crontab -l 2>/dev/null | grep -v -- "${MARK}" | crontab - || true
  rm -rf "${PREFIX}"
  info "config left in ${CONF_DIR}"
}

main() {
  parse_args "$@"
  check_prereqs
  copy_files
  write_config
  schedule
  info "first check:"
  eval "$(runner)" --once || info "first check reported problems, see above"
}

main "$@"
