#!/usr/bin/env bash
# nas_case_mount.sh - attach / detach the lab NAS case archive on a design PC.
# The NAS exports the finished-case archive over NFS; designers need it
# mounted read-only to pull old scans for remakes.
set -euo pipefail

NAS_HOST="${NAS_HOST:-198.51.100.20}"
declare -A SHARES=(
  [cases]="/volume1/cases"
  [scans]="/volume1/scans"
  [invoices]="/volume1/office/invoices"
)
MOUNT_BASE="${MOUNT_BASE:-/mnt/lab}"
OPTS_RO="ro,soft,timeo=50,vers=4.1"
OPTS_RW="rw,soft,timeo=50,vers=4.1"

info() { printf '\e[32m*\e[0m %s\n' "$*"; }
fail() { printf '\e[31m!\e[0m %s\n' "$*" >&2; exit 1; }

priv() {
  local runner
  runner=$( [ "$(id -u)" -eq 0 ] && echo "" || echo "sudo" )
  ${runner:+$runner} "$@"
}

is_mounted() { findmnt -rn --target "$1" -t nfs4,nfs >/dev/null 2>&1; }

attach() {
  local share="$1" opts="$2" src dst
  src="${NAS_HOST}:${SHARES[$share]:?unknown share $share}"
  dst="$MOUNT_BASE/$share"
  if is_mounted "$dst"; then
    info "$share already mounted at $dst"
    return 0
  fi
  priv mkdir -p "$dst"
  priv mount -t nfs4 -o "$opts" "$src" "$dst"
  info "mounted $src on $dst ($opts)"
}

detach() {
  local share="$1" dst="$MOUNT_BASE/$1"
  if is_mounted "$dst"; then
    priv umount -l "$dst"
    info "unmounted $dst"
  else
    info "$dst not mounted"
  fi
}

status() {
  local s
  for s in "${!SHARES[@]}"; do
    if is_mounted "$MOUNT_BASE/$s"; then
      info "$s: mounted ($(df -h --output=used,size "$MOUNT_BASE/$s" | tail -1 | xargs))"
    else
      info "$s: not mounted"
    fi
  done
}

usage() {
  cat <<EOF
Usage: ${0##*/} {up|down|status} [share ...] [--rw]
Shares: ${!SHARES[*]}
EOF
}

main() {
  local cmd="${1:-status}"; shift || true
  local opts="$OPTS_RO" share
  local -a picked=()
  for a in "$@"; do
    case "$a" in
      --rw) opts="$OPTS_RW" ;;
      *) picked+=( "$a" ) ;;
    esac
  done
  [ ${#picked[@]} -gt 0 ] || picked=( cases scans )
  ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1 || fail "NAS $NAS_HOST unreachable"

  case "$cmd" in
    up)     for share in "${picked[@]}"; do attach "$share" "$opts"; done ;;
    down)   for share in "${picked[@]}"; do detach "$share"; done ;;
    status) status ;;
    *)      usage; exit 2 ;;
  esac
}

main "$@"
