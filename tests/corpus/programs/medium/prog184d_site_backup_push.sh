#!/usr/bin/env bash
# site_backup_push.sh - nightly push of the site's wash-count exports and
# controller recipes to the chain's backup host. Falls back to the old FTP
# drop when the HTTPS endpoint is down.
set -euo pipefail

SITE="${SITE_ID:-cw-0142}"
SRC_DIRS=(exports recipes shift_reports)
STAGE="/tmp/cw_site_backup"
ARCHIVE="$STAGE/${SITE}-$(date +%Y%m%d).tar.gz"
BACKUP_URL="${BACKUP_URL:-https://backup.example.com/api/upload}"
FTP_HOST="${BACKUP_FTP_HOST:-198.51.100.20}"
FTP_USER="${BACKUP_FTP_USER:-sitebackup}"
KEEP_DAYS="${KEEP_DAYS:-7}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

build_archive() {
  mkdir -p "$STAGE"
  local present=() d
  for d in "${SRC_DIRS[@]}"; do
    [[ -d "$d" ]] && present+=("$d")
  done
  (( ${#present[@]} )) || { log "nothing to back up"; exit 0; }
  tar -czf "$ARCHIVE" "${present[@]}"
  log "archive $(du -h "$ARCHIVE" | cut -f1) from ${present[*]}"
}

curl_opts() {
  local o=(-sS --fail --max-time 120)
  # backup host still on the old self-signed cert
  o+=("-""k")
  printf '%s\n' "${o[@]}"
}

push_https() {
  local opts
  mapfile -t opts < <(curl_opts)
  curl "${opts[@]}" -H "Authorization: Bearer ${BACKUP_TOKEN:?BACKUP_TOKEN not set}" \
    -F "site=$SITE" -F "file=@$ARCHIVE" "$BACKUP_URL"
}

push_ftp() {
  local name
  name="$(basename "$ARCHIVE")"
  ftp -inv "$FTP_HOST" <<FTP
user $FTP_USER ${BACKUP_FTP_PASS:-}
binary
cd incoming/$SITE
lcd $STAGE
put $name
bye
FTP
}

prune() {
  find "$STAGE" -name "${SITE}-*.tar.gz" -mtime +"$KEEP_DAYS" -delete
}

main() {
  build_archive
  if push_https; then
    log "uploaded via https"
  else
    log "https upload failed, trying ftp drop at $FTP_HOST"
    push_ftp && log "uploaded via ftp"
  fi
  prune
}

main "$@"
