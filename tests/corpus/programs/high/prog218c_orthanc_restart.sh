#!/usr/bin/env bash
# orthanc_restart.sh - controlled restart of the Orthanc PACS service.
#
# Checks the Orthanc REST endpoint, and if it is unhealthy (or -f is given)
# restarts the service through sudo, then waits for it to come back and
# reports the version and number of stored studies.
#
# Usage: orthanc_restart.sh [-f] [-s SERVICE] [-u URL] [-w WAIT_SECONDS]

set -uo pipefail

SERVICE="orthanc"
ORTHANC_URL="http://127.0.0.1:8042"
WAIT=90
FORCE=0
LOGFILE="./orthanc_restart.log"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "${*:2}" | tee -a "$LOGFILE" >&2; }

while getopts ":fs:u:w:h" opt; do
  case "$opt" in
    f) FORCE=1 ;;
    s) SERVICE="$OPTARG" ;;
    u) ORTHANC_URL="$OPTARG" ;;
    w) WAIT="$OPTARG" ;;
    *) sed -n '2,8p' "$0"; exit 1 ;;
  esac
done

# Prints "<version> <studies>" on success, nothing on failure.
probe() {
  ORTHANC_URL="$ORTHANC_URL" python3 - <<'PY' 2>/dev/null
import json, os, urllib.request

base = os.environ["ORTHANC_URL"].rstrip("/")
def get(path):
    with urllib.request.urlopen(base + path, timeout=5) as resp:
        return json.load(resp)
try:
    system = get("/system")
    stats = get("/statistics")
    print(system.get("Version", "?"), stats.get("CountStudies", "?"))
except Exception:
    pass
PY
}

restart_service() {
  log INFO "restarting $SERVICE"
  if ! sudo -n true 2>/dev/null; then
    log WARN "sudo needs a password; you will be prompted"
  fi
  if ! sudo systemctl restart "$SERVICE"; then
    log ERROR "systemctl restart $SERVICE failed"
    sudo systemctl status "$SERVICE" --no-pager -l | tail -n 20 >&2
    return 1
  fi
}

wait_for_up() {
  local waited=0 out
  while (( waited < WAIT )); do
    out="$(probe)"
    if [[ -n "$out" ]]; then
      read -r version studies <<<"$out"
      log INFO "Orthanc $version is up after ${waited}s, $studies studies"
      return 0
    fi
    sleep 3
    waited=$((waited + 3))
  done
  log ERROR "Orthanc did not come back within ${WAIT}s"
  return 1
}

main() {
  local before
  before="$(probe)"
  if [[ -n "$before" && $FORCE -eq 0 ]]; then
    log INFO "Orthanc healthy ($before); nothing to do (use -f to force)"
    exit 0
  fi
  [[ -z "$before" ]] && log WARN "Orthanc not answering at $ORTHANC_URL"
  restart_service || exit 2
  wait_for_up || exit 3
}

main
