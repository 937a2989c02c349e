#!/usr/bin/env bash
# Open / close the encrypted treatment-note vault on the practice server.
#
# Clinical notes live in a LUKS container file (notes.vault) so that a
# stolen disk or backup does not expose patient records. At the start of
# the day the practice manager opens it; at close it is locked again.
#
#   prog107b_note_vault_mount.sh [open] [-f vault_file] [-m mountpoint]
#   prog107b_note_vault_mount.sh close
#   prog107b_note_vault_mount.sh status
#
# Settings may be placed in ~/.config/notevault.conf

set -euo pipefail

VAULT_FILE="${VAULT_FILE:-/srv/clinic/notes.vault}"
MAPPER_NAME="${MAPPER_NAME:-clinic_notes}"
MOUNT_POINT="${MOUNT_POINT:-/srv/clinic/notes}"
OWNER="${OWNER:-$(id -un)}"
KEYFILE="${KEYFILE:-}"

CONF="${XDG_CONFIG_HOME:-$HOME/.config}/notevault.conf"
[[ -r "$CONF" ]] && source "$CONF"

# prefer doas on the BSD-ish boxes some sites run, sudo elsewhere
if command -v doas >/dev/null 2>&1; then
  AS_ROOT=(doas)
else
  AS_ROOT=(sudo)
fi
[[ $EUID -eq 0 ]] && AS_ROOT=()

msg() { printf '[vault] %s\n' "$*"; }
die() { printf '[vault] error: %s\n' "$*" >&2; exit 1; }

is_open()    { [[ -e "/dev/mapper/$MAPPER_NAME" ]]; }
is_mounted() { mountpoint -q "$MOUNT_POINT"; }

open_vault() {
  [[ -f "$VAULT_FILE" ]] || die "vault file $VAULT_FILE not found"
  if ! is_open; then
    msg "unlocking $VAULT_FILE"
    if [[ -n "$KEYFILE" ]]; then
      "${AS_ROOT[@]}" cryptsetup open --type luks --key-file "$KEYFILE" "$VAULT_FILE" "$MAPPER_NAME"
    else
      "${AS_ROOT[@]}" cryptsetup open --type luks "$VAULT_FILE" "$MAPPER_NAME"
    fi
  fi
  if ! is_mounted; then
    "${AS_ROOT[@]}" mkdir -p "$MOUNT_POINT"
    "${AS_ROOT[@]}" fsck -p "/dev/mapper/$MAPPER_NAME" >/dev/null || true
    "${AS_ROOT[@]}" mount -o nodev,nosuid,noexec "/dev/mapper/$MAPPER_NAME" "$MOUNT_POINT"
    "${AS_ROOT[@]}" chown "$OWNER:$(id -gn "$OWNER")" "$MOUNT_POINT"
    "${AS_ROOT[@]}" chmod 0750 "$MOUNT_POINT"
  fi
  msg "vault open at $MOUNT_POINT ($(df -h --output=avail "$MOUNT_POINT" | tail -1 | tr -d ' ') free)"
}

close_vault() {
  if is_mounted; then
    local busy
    busy=$(fuser -m "$MOUNT_POINT" 2>/dev/null || true)
    [[ -z "$busy" ]] || die "vault in use by pid(s):$busy - close the note editor first"
    sync
    "${AS_ROOT[@]}" umount "$MOUNT_POINT"
  fi
  if is_open; then
    "${AS_ROOT[@]}" cryptsetup close "$MAPPER_NAME"
  fi
  msg "vault locked"
}

status_vault() {
  if is_mounted; then
    msg "open and mounted at $MOUNT_POINT"
    findmnt -no SOURCE,OPTIONS "$MOUNT_POINT"
  elif is_open; then
    msg "unlocked but not mounted"
  else
    msg "locked"
  fi
}

cmd=open
if [[ $# -gt 0 && "$1" != -* ]]; then
  cmd="$1"
  shift
fi
while getopts "f:m:k:" o; do
  case $o in
    f) VAULT_FILE="$OPTARG" ;;
    m) MOUNT_POINT="$OPTARG" ;;
    k) KEYFILE="$OPTARG" ;;
    *) die "bad option" ;;
  esac
done

case "$cmd" in
  open)   open_vault ;;
  close)  close_vault ;;
  status) status_vault ;;
  *)      die "unknown command: $cmd (open|close|status)" ;;
esac
