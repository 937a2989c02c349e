#!/usr/bin/env bash
# Car park ANPR ingest box setup.
# Mounts the evidence store from the site NAS, opens RTSP from the camera
# VLAN and restarts the ingest service.
set -euo pipefail

NAS="${ANPR_NAS:-198.51.100.20}"
EXPORT="${ANPR_EXPORT:-/volume1/anpr}"
MNT="${ANPR_MNT:-/mnt/anpr}"
CAM_NET="${ANPR_CAM_NET:-192.0.2.64/27}"
RTSP_PORT="${RTSP_PORT:-554}"
INGEST_UNIT="${INGEST_UNIT:-anpr-ingest.service}"

declare -a ESC=()
[[ $EUID -ne 0 ]] && ESC=(sudo -n)

declare -a MOUNT_OPTS=(vers=4.1 hard timeo=600 retrans=2 noexec nosuid)

msg() { printf '[anpr-setup] %s\n' "$*"; }

priv() { "${ESC[@]}" "$@"; }

opts_csv() {
  local IFS=,
  echo "${MOUNT_OPTS[*]}"
}

ensure_mount() {
  if mountpoint -q "$MNT"; then
    msg "$MNT already mounted"
    return
  fi
  priv mkdir -p "$MNT"
  priv mount -t nfs4 -o "$(opts_csv)" "${NAS}:${EXPORT}" "$MNT"
  msg "mounted ${NAS}:${EXPORT} on $MNT"
}

rule_spec() {
  printf -- '-p tcp -s %s --dport %s -m comment --comment anpr-rtsp -j ACCEPT' "$CAM_NET" "$RTSP_PORT"
}

ensure_rtsp_rule() {
  local -a spec
  read -r -a spec <<<"$(rule_spec)"
  if priv iptables -C INPUT "${spec[@]}" 2>/dev/null; then
    msg "rtsp rule present"
  else
    priv iptables -I INPUT 1 "${spec[@]}"
    msg "allowed rtsp from $CAM_NET"
  fi
}

restart_ingest() {
  local ctl
  ctl="$(command -v systemctl)"
  priv "$ctl" daemon-reload
  priv "$ctl" restart "$INGEST_UNIT"
  priv "$ctl" --no-pager --lines=5 status "$INGEST_UNIT" || true
}

usage() {
  cat <<EOF
usage: ${0##*/} [all|mount|firewall|restart]
EOF
}

main() {
  local what="${1:-all}"
  case "$what" in
    all)      ensure_mount; ensure_rtsp_rule; restart_ingest ;;
    mount)    ensure_mount ;;
    firewall) ensure_rtsp_rule ;;
    restart)  restart_ingest ;;
    *)        usage; exit 2 ;;
  esac
  df -h "$MNT" 2>/dev/null | tail -n1 || true
}

main "$@"
