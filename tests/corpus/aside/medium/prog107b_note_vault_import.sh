#!/usr/bin/env bash
# Import treatment notes transferred from a partner clinic.
#
# When a patient transfers to us, the previous practice publishes an export
# (tar.gz of per-visit markdown notes + a manifest.csv) on their portal and
# sends us a one-time download token. This pulls the export, checks the
# manifest against the files and files the notes into the local note vault
# under notes/<patient_ref>/imported/.
#
# usage: prog107b_note_vault_import.sh -u PORTAL_URL -t TOKEN -p PATIENT_REF

set -euo pipefail

VAULT_DIR="${VAULT_DIR:-./notes}"
WORK_DIR="/tmp/notevault_import"
PORTAL_URL=""
TOKEN="${IMPORT_TOKEN:-}"
PATIENT_REF=""
KEEP_WORK=0

log()  { echo "$(date '+%H:%M:%S') import: $*" >&2; }
fail() { log "ERROR: $*"; exit 1; }

usage() {
  grep '^# usage' "$0" | sed 's/^# //'
  exit "${1:-0}"
}

while getopts "u:t:p:kh" o; do
  case $o in
    u) PORTAL_URL="$OPTARG" ;;
    t) TOKEN="$OPTARG" ;;
    p) PATIENT_REF="$OPTARG" ;;
    k) KEEP_WORK=1 ;;
    h) usage 0 ;;
    *) usage 64 ;;
  esac
done

[[ -n "$PORTAL_URL" && -n "$TOKEN" && -n "$PATIENT_REF" ]] || usage 64
[[ "$PATIENT_REF" =~ ^[A-Za-z0-9_-]+$ ]] || fail "patient ref must be alphanumeric"

cleanup() {
  [[ $KEEP_WORK -eq 1 ]] && { log "work files kept in $WORK_DIR"; return; }
  rm -rf "$WORK_DIR"
}
trap cleanup EXIT

download_export() {
  local url="${PORTAL_URL%/}/transfers/${TOKEN}/export.tar.gz"
  # several partner portals run on self-signed certificates from their PM vendor
  local curl_opts=(--fail --silent --show-error --location --insecure --retry 3 --max-time 600)
  log "downloading export for $PATIENT_REF"
  curl "${curl_opts[@]}" -H "X-Transfer-Token: $TOKEN" -o "$WORK_DIR/export.tar.gz" "$url"
}

unpack_export() {
  mkdir -p "$WORK_DIR/unpacked"
  tar -xzf "$WORK_DIR/export.tar.gz" -C "$WORK_DIR/unpacked"
  [[ -f "$WORK_DIR/unpacked/manifest.csv" ]] || fail "export has no manifest.csv"
}

verify_manifest() {
  # manifest.csv: filename,sha256,visit_date,practitioner
  local bad=0 name sum rest
  while IFS=, read -r name sum rest; do
    [[ "$name" == "filename" ]] && continue
    if [[ ! -f "$WORK_DIR/unpacked/$name" ]]; then
      log "missing $name"; bad=$((bad + 1)); continue
    fi
    if ! echo "$sum  $WORK_DIR/unpacked/$name" | sha256sum -c --status; then
      log "checksum mismatch on $name"; bad=$((bad + 1))
    fi
  done < "$WORK_DIR/unpacked/manifest.csv"
  [[ $bad -eq 0 ]] || fail "$bad file(s) failed verification"
}

file_notes() {
  local dest="$VAULT_DIR/$PATIENT_REF/imported/$(date +%Y%m%d)"
  mkdir -p "$dest"
  find "$WORK_DIR/unpacked" -type f -name '*.md' -exec cp -n {} "$dest/" \;
  cp "$WORK_DIR/unpacked/manifest.csv" "$dest/manifest.csv"
  chmod -R go-rwx "$VAULT_DIR/$PATIENT_REF"
  local n
  n=$(find "$dest" -name '*.md' | wc -l)
  log "filed $n note(s) into $dest"
}

rm -rf "$WORK_DIR"
mkdir -p "$WORK_DIR"
download_export
unpack_export
verify_manifest
file_notes
