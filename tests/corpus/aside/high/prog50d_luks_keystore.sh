#!/usr/bin/env bash
# luks-keystore: open the team's LUKS-encrypted keystore image, run a
# keepassxc-cli command against the database inside, and close it again.
#
#   luks-keystore.sh open|close|status
#   luks-keystore.sh run ls Infrastructure/
set -euo pipefail

IMAGE="${KEYSTORE_IMAGE:-$HOME/keystore/keystore.img}"
MAPPER="keystore"
MOUNTPOINT="/mnt/keystore"
DB_NAME="team.kdbx"

say() { echo "luks-keystore: $*" >&2; }

is_open() { [ -e "/dev/mapper/$MAPPER" ]; }
is_mounted() { mountpoint -q "$MOUNTPOINT"; }

do_open() {
  [ -f "$IMAGE" ] || { say "image $IMAGE not found"; exit 2; }
  if ! is_open; then
    say "unlocking $IMAGE"
    sudo cryptsetup open --type luks2 "$IMAGE" "$MAPPER"
  fi
  if ! is_mounted; then
    sudo mkdir -p "$MOUNTPOINT"
    sudo mount -o nodev,nosuid,noexec "/dev/mapper/$MAPPER" "$MOUNTPOINT"
    say "mounted on $MOUNTPOINT"
  fi
}

do_close() {
  if is_mounted; then
    sync
    sudo umount "$MOUNTPOINT"
    say "unmounted $MOUNTPOINT"
  fi
  if is_open; then
    sudo cryptsetup close "$MAPPER"
    say "locked"
  fi
}

do_status() {
  if is_open; then
    sudo cryptsetup status "$MAPPER" | sed -n '1,4p'
  else
    echo "$MAPPER: closed"
  fi
  is_mounted && df -h "$MOUNTPOINT" | tail -n1 || true
}

do_run() {
  local opened_here=0
  if ! is_mounted; then
    do_open
    opened_here=1
  fi
  trap '[ "$opened_here" -eq 1 ] && do_close' EXIT
  local db="$MOUNTPOINT/$DB_NAME"
  [ -r "$db" ] || { say "cannot read $db"; exit 3; }
  local sub="$1"; shift
  case "$sub" in
    ls|show|search|analyze) keepassxc-cli "$sub" "$db" "$@" ;;
    *) say "refusing keepassxc-cli subcommand '$sub'"; exit 2 ;;
  esac
}

case "${1:-status}" in
  open)   do_open ;;
  close)  do_close ;;
  status) do_status ;;
  run)    shift; [ $# -ge 1 ] || { say "run needs a keepassxc-cli subcommand"; exit 2; }; do_run "$@" ;;
  *)      sed -n '2,6p' "$0"; exit 2 ;;
esac
