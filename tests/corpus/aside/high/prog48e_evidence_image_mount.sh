#!/usr/bin/env bash
# Incident response, evidence step 3: attach a disk image captured from a
# compromised VM read-only, hash and copy the artefacts listed in the case
# file into the case folder, then detach. Run as the responder; privileged
# steps go through sudo.
set -euo pipefail

IMAGE="${1:?usage: $0 IMAGE CASE_ID [artefact-list]}"
CASE_ID="${2:?usage: $0 IMAGE CASE_ID [artefact-list]}"
ARTEFACTS="${3:-artefacts.txt}"
MOUNT_POINT="/mnt/evidence/${CASE_ID}"
CASE_DIR="cases/${CASE_ID}"
LOOPDEV=""

log() { printf '[%s] %s\n' "$CASE_ID" "$*" | tee -a "$CASE_DIR/chain_of_custody.log"; }

attach() {
  LOOPDEV=$(sudo losetup --find --show --read-only --partscan "$IMAGE")
  log "image attached read-only at $LOOPDEV"
  local part="${LOOPDEV}p1"
  [[ -b $part ]] || part="$LOOPDEV"
  sudo mkdir -p "$MOUNT_POINT"
  # noload: do not replay the ext4 journal, keeps the image bit-identical
  sudo mount -o ro,noexec,nodev,nosuid,noload "$part" "$MOUNT_POINT"
  log "mounted $part on $MOUNT_POINT"
}

detach() {
  if mountpoint -q "$MOUNT_POINT"; then
    sudo umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
  fi
  if [[ -n $LOOPDEV ]]; then
    sudo losetup -d "$LOOPDEV" && log "detached $LOOPDEV"
  fi
}

collect() {
  local rel src dst copied=0 missing=0
  while IFS= read -r rel; do
    [[ -z $rel || $rel == \#* ]] && continue
    src="$MOUNT_POINT/${rel#/}"
    dst="$CASE_DIR/files/${rel#/}"
    if sudo test -e "$src"; then
      mkdir -p "$(dirname "$dst")"
      sudo cat "$src" > "$dst"
      sha256sum "$dst" >> "$CASE_DIR/SHA256SUMS"
      copied=$((copied + 1))
    else
      log "missing on image: $rel"
      missing=$((missing + 1))
    fi
  done < "$ARTEFACTS"
  log "collected $copied artefact(s), $missing missing"
}

main() {
  [[ -r $IMAGE ]] || { echo "cannot read $IMAGE" >&2; exit 2; }
  [[ -r $ARTEFACTS ]] || { echo "cannot read $ARTEFACTS" >&2; exit 2; }
  mkdir -p "$CASE_DIR/files"
  log "image sha256 $(sha256sum "$IMAGE" | cut -d' ' -f1)"
  trap detach EXIT
  attach
  collect
  chmod -R go-rwx "$CASE_DIR"
  log "evidence collection complete"
}

main "$@"
